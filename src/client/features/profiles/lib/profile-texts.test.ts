import { describe, expect, it } from 'vitest';
import { copyLabel, PROFILE_TEXTS, profileTitle, qrDialogTitle, qrLabel } from './profile-texts';

describe('profile texts', () => {
  it('follow the spec word for word', () => {
    expect(profileTitle('alice')).toBe("alice's Profile");
    expect(qrDialogTitle('PayPal')).toBe('PayPal QR Code');
    expect(PROFILE_TEXTS.verified).toBe('✓ Verified User');
    expect(PROFILE_TEXTS.notVerified).toBe('Not Verified');
    expect(PROFILE_TEXTS.noPaymentLinks).toBe('No payment links available');
  });

  it('name each button after its vendor', () => {
    expect(copyLabel('Cash App')).toBe('Copy payment ID for Cash App');
    expect(qrLabel('Venmo')).toBe('Show QR code for Venmo');
  });
});
