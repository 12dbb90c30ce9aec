import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { LegalPage, type LegalSection } from '@/components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          By creating an account on {PRODUCT_NAME}, or by using the site without one, you agree to these Terms of Service and to our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the service.
        </p>
        <p>You must be at least 16 years old, or the age of digital consent where you live if that is higher, to create an account.</p>
      </>
    ),
  },
  {
    id: 'description',
    title: 'Description of the Service',
    body: (
      <>
        <p>{PRODUCT_NAME} is a free neighbourhood noticeboard. It lets you:</p>
        <ul>
          <li>give away things you no longer need, each listed with a photo, a description, tags and a place on the map;</li>
          <li>browse and search what people nearby are sharing, nearest first if you allow it;</li>
          <li>post a menu and a location, for example for a food stall or a community event;</li>
          <li>publish a profile with payment links (a payment service and your ID there), each with a QR code;</li>
          <li>keep notes: private, shared with people you link, or public and searchable by anyone.</li>
        </ul>
        <p>
          {PRODUCT_NAME} only brings people together. We do not sell, ship, store or inspect items, and we never handle money: payment links
          point to outside services such as PayPal or Venmo, under their own terms. Listings expire automatically 30 days after they are
          posted unless their owner renews them.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'User Accounts',
    body: (
      <>
        <p>
          You need an account to post items, keep notes and publish payment links. Choose a username that does not pretend to be someone
          else, and a password of at least 6 characters that you do not use anywhere else.
        </p>
        <p>
          You are responsible for what happens under your account. Keep your password to yourself, log out on shared devices, and use
          "Remember me" only on your own. If you add a phone number, it must be yours: we use it to send verification and password-reset
          codes.
        </p>
        <p>
          You can hide your profile from search at any time, and ask for your account to be deleted from your settings. Our admins may
          suspend or delete accounts that break these terms.
        </p>
      </>
    ),
  },
  {
    id: 'responsibilities',
    title: 'User Responsibilities',
    body: (
      <>
        <p>
          When you share, pick up or pay for something through {PRODUCT_NAME}, the arrangement is between you and the other person. In
          particular:
        </p>
        <ul>
          <li>describe items honestly, including defects, and mark them as given once they are gone;</li>
          <li>only offer things that are yours to give and safe to use;</li>
          <li>meet in public places when you can, and check items before you take them;</li>
          <li>make sure every payment link on your profile is yours and correct: payments go straight to it;</li>
          <li>check a person's profile, and the "✓ Verified User" mark, before sending money.</li>
        </ul>
        <p>
          The service is provided "as is". We do our best to keep it running and safe, but we cannot guarantee the quality, safety or
          legality of items, the accuracy of listings, or the conduct of other users, and we are not liable for losses arising from
          exchanges or payments between users, to the extent the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'content-guidelines',
    title: 'Content Guidelines',
    body: (
      <>
        <p>
          You keep the rights to the photos and text you post. By posting, you allow us to store, resize and show them on {PRODUCT_NAME} for
          as long as they are online. Only upload photos you took yourself or may share, and do not show people who have not agreed to it.
        </p>
        <p>Items, menus, notes and profiles must be:</p>
        <ul>
          <li>accurate and relevant to sharing in your neighbourhood;</li>
          <li>free of hateful, violent, sexual or discriminatory content;</li>
          <li>free of other people's personal data, such as phone numbers or home addresses.</li>
        </ul>
        <p>
          Public notes can be found by anyone through search. Admins may remove any item, note or payment vendor that breaks these
          guidelines, without notice.
        </p>
      </>
    ),
  },
  {
    id: 'location-data',
    title: 'Location Data',
    body: (
      <>
        <p>
          Every item has a place on the map. The location you pick, or that we suggest from your photo's GPS data, is shown publicly on the
          item's page and is used to tell others how far away the item is. Pick a meeting point rather than your exact front door if you
          prefer.
        </p>
        <p>
          If you let your browser share your current location while browsing, it is only used to sort items nearest first; it is not saved.
          Photos are stripped of all their metadata, including GPS, before they are stored. Read the{' '}
          <Link href="/privacy-policy">Privacy Policy</Link> for the details.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        We collect only what the service needs, we do not sell your data or show ads, and we use no tracking cookies. Our{' '}
        <Link href="/privacy-policy">Privacy Policy</Link> explains what we collect, why, who can see it, how we protect it and how you can
        get a copy of it or have it deleted.
      </p>
    ),
  },
  {
    id: 'prohibited-activities',
    title: 'Prohibited Activities',
    body: (
      <>
        <p>You may not use {PRODUCT_NAME} to:</p>
        <ul>
          <li>
            offer anything illegal, stolen, counterfeit, recalled or dangerous, including weapons, drugs, prescription medicine, alcohol or
            tobacco;
          </li>
          <li>sell items for profit or advertise a business other than a menu with its location;</li>
          <li>post fake payment links, ask for money for items listed as free, or run any other scam;</li>
          <li>harass, threaten or impersonate anyone, or collect other users' data;</li>
          <li>send spam, or post the same item over and over;</li>
          <li>scrape the site, get around its rate limits or security, or access accounts that are not yours.</li>
        </ul>
        <p>We may remove content, end accounts and, where required, report illegal activity to the authorities.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms as the service grows. The "Last updated" date at the top shows when they last changed; for important
        changes we will also put a notice on the site before they take effect. If you keep using {PRODUCT_NAME} after that, you accept the
        new terms. Questions? Signed-in users can reach the admins through <Link href="/help">Help &amp; Support</Link>.
      </p>
    ),
  },
];

/** /terms-of-service (public), the nine sections of docs/product.md, Pages. */
export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated="2026-11-22"
      intro={
        <p>
          These terms explain the rules for using {PRODUCT_NAME}: what the service does, what we expect from you, and what you can expect
          from us. We've kept them short and plain.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
