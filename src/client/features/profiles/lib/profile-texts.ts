// The texts of the profile page (docs/product.md, Pages, Public search and profiles): message ids of
// section `profiles`, and the sentences that hold a name, given the translating function.
import type { MessageId } from '#shared/i18n.js';
import type { Translate } from '@/lib/i18n';

export const PROFILE_TEXTS = {
  backToSearch: 'profiles.backToSearch',
  paymentLinksTab: 'profiles.paymentLinksTab',
  aboutTab: 'profiles.aboutTab',
  noPaymentLinks: 'profiles.noPaymentLinks',
  verificationStatus: 'profiles.verificationStatus',
  verified: 'profiles.verified',
  notVerified: 'profiles.notVerified',
  userNotFound: 'profiles.userNotFound',
  fetchFailed: 'profiles.fetchFailed',
  copiedTitle: 'profiles.copy.copiedTitle',
  copied: 'profiles.copy.copied',
  copyFailedTitle: 'profiles.copy.failedTitle',
  copyFailed: 'profiles.copy.failed',
} as const satisfies Record<string, MessageId>;

/** "{username}'s Profile": the page's heading and tab title. */
export const profileTitle = (t: Translate, username: string) => t('profiles.title', { username });
/** The accessible name of a payment link's copy button. */
export const copyLabel = (t: Translate, vendor: string) => t('profiles.copy.label', { vendor });
/** The accessible name of a payment link's QR button. */
export const qrLabel = (t: Translate, vendor: string) => t('profiles.qr.label', { vendor });
/** The title of the QR dialog. */
export const qrDialogTitle = (t: Translate, vendor: string) => t('profiles.qr.dialogTitle', { vendor });
