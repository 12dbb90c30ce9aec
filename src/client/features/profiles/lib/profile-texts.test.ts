import { describe, expect, it } from 'vitest';
import { copyLabel, profileTitle, qrDialogTitle, qrLabel } from './profile-texts';

describe('profile texts', () => {
  it('put the name in the title', () => {
    expect(profileTitle('alice')).toBe("alice's Profile");
    expect(qrDialogTitle('PayPal')).toBe('PayPal QR Code');
  });

  it('name each button after its vendor', () => {
    expect(copyLabel('Cash App')).toBe('Copy payment ID for Cash App');
    expect(qrLabel('Venmo')).toBe('Show QR code for Venmo');
  });
});
