import { Link } from 'wouter';
import { LegalPage, type LegalSection } from '@/components/legal-page';
import { T } from '@/lib/i18n';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'legal.privacy.informationWeCollect.title',
    body: (
      <>
        <p>
          <T id="legal.privacy.informationWeCollect.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.privacy.informationWeCollect.account" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T id="legal.privacy.informationWeCollect.posts" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T id="legal.privacy.informationWeCollect.technical" components={{ 0: <strong /> }} />
          </li>
        </ul>
        <p>
          <T id="legal.privacy.informationWeCollect.noTrackers" />
        </p>
      </>
    ),
  },
  {
    id: 'location-data',
    title: 'legal.privacy.locationData.title',
    body: (
      <>
        <p>
          <T id="legal.privacy.locationData.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.privacy.locationData.photo" components={{ 0: <strong /> }} />
          </li>
          <li>
            <T id="legal.privacy.locationData.map" components={{ 0: <strong />, 1: <strong /> }} />
          </li>
          <li>
            <T id="legal.privacy.locationData.browser" components={{ 0: <strong /> }} />
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'legal.privacy.howWeUse.title',
    body: (
      <ul>
        <li>
          <T id="legal.privacy.howWeUse.show" />
        </li>
        <li>
          <T id="legal.privacy.howWeUse.sort" />
        </li>
        <li>
          <T id="legal.privacy.howWeUse.sms" />
        </li>
        <li>
          <T id="legal.privacy.howWeUse.protect" />
        </li>
        <li>
          <T id="legal.privacy.howWeUse.support" />
        </li>
        <li>
          <T id="legal.privacy.howWeUse.expire" />
        </li>
      </ul>
    ),
  },
  {
    id: 'information-sharing',
    title: 'legal.privacy.sharing.title',
    body: (
      <>
        <p>
          <T id="legal.privacy.sharing.public" components={{ 0: <strong /> }} />
        </p>
        <p>
          <T id="legal.privacy.sharing.providers" />
        </p>
        <ul>
          <li>
            <T id="legal.privacy.sharing.sms" />
          </li>
          <li>
            <T id="legal.privacy.sharing.hosting" />
          </li>
          <li>
            <T id="legal.privacy.sharing.mapTiles" />
          </li>
        </ul>
        <p>
          <T id="legal.privacy.sharing.shareButtons" />
        </p>
      </>
    ),
  },
  {
    id: 'image-data',
    title: 'legal.privacy.imageData.title',
    body: (
      <>
        <p>
          <T id="legal.privacy.imageData.processing" components={{ 0: <strong /> }} />
        </p>
        <p>
          <T id="legal.privacy.imageData.public" />
        </p>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'legal.privacy.security.title',
    body: (
      <ul>
        <li>
          <T id="legal.privacy.security.passwords" />
        </li>
        <li>
          <T id="legal.privacy.security.sessions" />
        </li>
        <li>
          <T id="legal.privacy.security.csrf" />
        </li>
        <li>
          <T id="legal.privacy.security.codes" />
        </li>
        <li>
          <T id="legal.privacy.security.reset" />
        </li>
        <li>
          <T id="legal.privacy.security.admins" />
        </li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'legal.privacy.yourRights.title',
    body: (
      <>
        <p>
          <T id="legal.privacy.yourRights.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.privacy.yourRights.settings" />
          </li>
          <li>
            <T id="legal.privacy.yourRights.edit" />
          </li>
          <li>
            <T id="legal.privacy.yourRights.copyOrDelete" components={{ 0: <Link href="/help" /> }} />
          </li>
        </ul>
        <p>
          <T id="legal.privacy.yourRights.deletion" />
        </p>
      </>
    ),
  },
  {
    id: 'policy-updates',
    title: 'legal.privacy.updates.title',
    body: (
      <p>
        <T id="legal.privacy.updates.body" components={{ 0: <Link href="/terms-of-service" /> }} />
      </p>
    ),
  },
];

/** /privacy-policy (public), the eight sections of docs/product.md, Pages. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="legal.privacy.title"
      lastUpdated="2026-11-24"
      intro={
        <p>
          <T id="legal.privacy.intro" />
        </p>
      }
      sections={SECTIONS}
    />
  );
}
