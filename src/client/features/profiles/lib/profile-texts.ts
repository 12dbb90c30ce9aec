// The texts of the profile page (docs/product.md, Pages, Public search and profiles), word for word.

export const PROFILE_TEXTS = {
  backToSearch: 'Back to Search',
  paymentLinksTab: 'Payment Links',
  aboutTab: 'About',
  noPaymentLinks: 'No payment links available',
  verificationStatus: 'Verification Status:',
  verified: '✓ Verified User',
  notVerified: 'Not Verified',
  userNotFound: 'User not found',
  fetchFailed: 'Failed to fetch user profile',
  copiedTitle: 'Copied!',
  copied: 'Payment ID copied to clipboard',
  copyFailedTitle: 'Failed to copy',
  copyFailed: 'Please try again or copy the link manually',
} as const;

/** "{username}'s Profile": the page's heading and tab title. */
export const profileTitle = (username: string) => `${username}'s Profile`;
/** The accessible name of a payment link's copy button. */
export const copyLabel = (vendor: string) => `Copy payment ID for ${vendor}`;
/** The accessible name of a payment link's QR button. */
export const qrLabel = (vendor: string) => `Show QR code for ${vendor}`;
/** The title of the QR dialog. */
export const qrDialogTitle = (vendor: string) => `${vendor} QR Code`;
