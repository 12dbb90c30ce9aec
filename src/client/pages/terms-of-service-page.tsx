import { Link } from 'wouter';
import { LegalPage, type LegalSection } from '@/components/legal-page';
import { T } from '@/lib/i18n';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'legal.terms.acceptance.title',
    body: (
      <>
        <p>
          <T id="legal.terms.acceptance.agree" components={{ 0: <Link href="/privacy-policy" /> }} />
        </p>
        <p>
          <T id="legal.terms.acceptance.age" />
        </p>
      </>
    ),
  },
  {
    id: 'description',
    title: 'legal.terms.description.title',
    body: (
      <>
        <p>
          <T id="legal.terms.description.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.terms.description.give" />
          </li>
          <li>
            <T id="legal.terms.description.browse" />
          </li>
          <li>
            <T id="legal.terms.description.menu" />
          </li>
          <li>
            <T id="legal.terms.description.paymentLinks" />
          </li>
          <li>
            <T id="legal.terms.description.notes" />
          </li>
        </ul>
        <p>
          <T id="legal.terms.description.role" />
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'legal.terms.accounts.title',
    body: (
      <>
        <p>
          <T id="legal.terms.accounts.needAccount" />
        </p>
        <p>
          <T id="legal.terms.accounts.responsible" />
        </p>
        <p>
          <T id="legal.terms.accounts.hideAndDelete" />
        </p>
      </>
    ),
  },
  {
    id: 'responsibilities',
    title: 'legal.terms.responsibilities.title',
    body: (
      <>
        <p>
          <T id="legal.terms.responsibilities.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.terms.responsibilities.describe" />
          </li>
          <li>
            <T id="legal.terms.responsibilities.ownAndSafe" />
          </li>
          <li>
            <T id="legal.terms.responsibilities.meet" />
          </li>
          <li>
            <T id="legal.terms.responsibilities.paymentLinks" />
          </li>
          <li>
            <T id="legal.terms.responsibilities.checkProfile" />
          </li>
        </ul>
        <p>
          <T id="legal.terms.responsibilities.asIs" />
        </p>
      </>
    ),
  },
  {
    id: 'content-guidelines',
    title: 'legal.terms.contentGuidelines.title',
    body: (
      <>
        <p>
          <T id="legal.terms.contentGuidelines.rights" />
        </p>
        <p>
          <T id="legal.terms.contentGuidelines.mustBe" />
        </p>
        <ul>
          <li>
            <T id="legal.terms.contentGuidelines.accurate" />
          </li>
          <li>
            <T id="legal.terms.contentGuidelines.noHate" />
          </li>
          <li>
            <T id="legal.terms.contentGuidelines.noPersonalData" />
          </li>
        </ul>
        <p>
          <T id="legal.terms.contentGuidelines.removal" />
        </p>
      </>
    ),
  },
  {
    id: 'location-data',
    title: 'legal.terms.locationData.title',
    body: (
      <>
        <p>
          <T id="legal.terms.locationData.itemPlace" />
        </p>
        <p>
          <T id="legal.terms.locationData.browser" components={{ 0: <Link href="/privacy-policy" /> }} />
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'legal.terms.privacy.title',
    body: (
      <p>
        <T id="legal.terms.privacy.summary" components={{ 0: <Link href="/privacy-policy" /> }} />
      </p>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'legal.terms.prohibited.title',
    body: (
      <>
        <p>
          <T id="legal.terms.prohibited.intro" />
        </p>
        <ul>
          <li>
            <T id="legal.terms.prohibited.illegal" />
          </li>
          <li>
            <T id="legal.terms.prohibited.profit" />
          </li>
          <li>
            <T id="legal.terms.prohibited.scams" />
          </li>
          <li>
            <T id="legal.terms.prohibited.harassment" />
          </li>
          <li>
            <T id="legal.terms.prohibited.spam" />
          </li>
          <li>
            <T id="legal.terms.prohibited.scraping" />
          </li>
        </ul>
        <p>
          <T id="legal.terms.prohibited.enforcement" />
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'legal.terms.changes.title',
    body: (
      <p>
        <T id="legal.terms.changes.body" components={{ 0: <Link href="/help" /> }} />
      </p>
    ),
  },
];

/** /terms-of-service (public), the nine sections of docs/product.md, Pages. */
export function TermsOfServicePage() {
  return (
    <LegalPage
      title="legal.terms.title"
      lastUpdated="2026-11-22"
      intro={
        <p>
          <T id="legal.terms.intro" />
        </p>
      }
      sections={SECTIONS}
    />
  );
}
