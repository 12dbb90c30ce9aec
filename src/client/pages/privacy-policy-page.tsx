import { Link } from 'wouter';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { LegalPage, type LegalSection } from '@/components/legal-page';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We only collect what you give us and what the service needs to work:</p>
        <ul>
          <li>
            <strong>Account:</strong> your username and your password (stored only as a hash, see Security). Optionally a phone number, and
            whether it has been verified.
          </li>
          <li>
            <strong>What you post:</strong> items (photo, title, description, tags, location, status and dates), your payment links (payment
            service and ID), notes, the people you link with, and support requests.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you signed in and a security cookie against forged requests. Our
            server logs record each request (time, the address requested, IP address, result) to keep the service secure and to enforce rate
            limits; they never contain passwords or codes.
          </li>
        </ul>
        <p>We use no advertising or analytics cookies and no third-party trackers.</p>
      </>
    ),
  },
  {
    id: 'location-data',
    title: 'Location Data',
    body: (
      <>
        <p>Location comes into {PRODUCT_NAME} in three ways, and each is treated differently:</p>
        <ul>
          <li>
            <strong>Photo metadata:</strong> when you choose a photo for a new item, your browser reads the GPS position the camera may have
            stored in it and, if there is one, suggests it as the item's location. This happens on your device; the position is not sent to
            us unless you keep it as the item's location. The file we store has all its metadata removed (see Image Data).
          </li>
          <li>
            <strong>Map selection:</strong> the location you pick on the map (or accept from your photo or device) is saved with the item.
            For a personal item it is <strong>not published as it is</strong>: we divide the map into squares of 150 m and every item from
            one square shows the same approximate point, about 200–550 m from where you put it, chosen with a secret key of our server. Only
            that point is shown to others on the item's map, in lists and in the distance we show, so posting many items from your home does
            not give it away. The exact point is visible only to you and to the person you promise the item to (who keeps seeing it once you
            mark the item given). If you choose to show the exact place (for a shop, a stall or a restaurant), the exact point is what
            everyone sees.
          </li>
          <li>
            <strong>Browser location:</strong> only if you press "Use my current location" and your browser asks you and you agree. While
            browsing, it is sent with the list request only to sort items nearest first; it is never stored, neither with your account nor
            with your items, and it is removed from our server logs. On the post form, it only fills in the item's location, which you can
            still move.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>to show your items, profile, payment links and public notes the way you chose;</li>
        <li>to sort and filter listings by text and by distance;</li>
        <li>to send verification and password-reset codes by SMS to your phone number, and for nothing else;</li>
        <li>to keep you signed in and to protect accounts from abuse, for example by limiting repeated login attempts;</li>
        <li>to answer your support requests, including requests to delete your account;</li>
        <li>to expire listings 30 days after they are posted, so the board stays current.</li>
      </ul>
    ),
  },
  {
    id: 'information-sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>
          <strong>Public by design:</strong> your username, your items (with photo and map location), your payment links, your
          phone-verified mark and the notes you mark as public are visible to everyone, including visitors who are not signed in, and appear
          in search unless you hide your profile. Notes marked "linked" are only shown to people you gave access. Your phone number is never
          shown to other users.
        </p>
        <p>We do not sell or rent your data. We share it only with the services that run {PRODUCT_NAME} for us:</p>
        <ul>
          <li>an SMS provider, which receives your phone number and the text of the code message;</li>
          <li>a hosting or storage provider, which stores the database and the processed photos;</li>
          <li>
            the map tile service (by default OpenStreetMap): your browser loads map images from it directly, so it sees your IP address, but
            not who you are.
          </li>
        </ul>
        <p>
          Share buttons on item pages open Facebook, X (Twitter), WhatsApp or your email app only when you click them. We disclose data to
          authorities only when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'image-data',
    title: 'Image Data',
    body: (
      <>
        <p>
          Every photo you upload is checked and then re-encoded on our server: it is turned upright, resized to a display size and a
          thumbnail, and saved as a new WebP file. <strong>All metadata is removed</strong> in that step, including the GPS position, the
          date and time, and the camera or phone model. Your original file is not kept.
        </p>
        <p>Item photos are public. They are deleted when you delete the item, or when your account is deleted.</p>
      </>
    ),
  },
  {
    id: 'data-security',
    title: 'Data Security',
    body: (
      <ul>
        <li>Passwords are stored only as argon2id hashes: nobody, including our admins, can read them.</li>
        <li>
          Sessions are random tokens in an HttpOnly cookie; we keep only a hash of the token. Without "Remember me" the session ends when
          you close the browser or after a day without use; with it, after 30 days.
        </li>
        <li>Every change you make is protected by a CSRF token, and logins and code requests are rate limited.</li>
        <li>Verification and reset codes are stored hashed, expire after 10 minutes and allow at most 5 tries.</li>
        <li>Resetting your password signs you out everywhere.</li>
        <li>Only admins can see the admin dashboard, and they cannot see passwords.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>You are in control of your data:</p>
        <ul>
          <li>change your phone number, password, payment links and profile visibility in your settings;</li>
          <li>edit or delete your items and notes at any time;</li>
          <li>
            get a copy of your data, or have your account deleted, by sending a support request from{' '}
            <Link href="/help">Help &amp; Support</Link> or from your settings. An admin handles it, usually within a few days.
          </li>
        </ul>
        <p>
          Deleting an account removes its items, photos, notes, payment links, links with other users and sessions together. Depending on
          where you live you may have further rights, such as objecting to processing or complaining to a data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'policy-updates',
    title: 'Policy Updates',
    body: (
      <p>
        We will update this policy when the service changes how it handles data. The "Last updated" date at the top shows the latest
        version, and important changes are announced on the site before they take effect. Please also read our{' '}
        <Link href="/terms-of-service">Terms of Service</Link>.
      </p>
    ),
  },
];

/** /privacy-policy (public), the eight sections of docs/product.md, Pages. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated="2026-11-22"
      intro={
        <p>
          This policy explains what information {PRODUCT_NAME} collects, how it is used and shared, and the choices you have. In short: we
          collect little, sell nothing, and strip location data from your photos.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
