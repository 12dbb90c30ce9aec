import { i18n, type Messages } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate as t } from '@/lib/i18n';
import { copyLabel, profileTitle, qrDialogTitle, qrLabel } from './profile-texts';

// The app's texts in English, as the page has them (the messages here are message ids).
beforeAll(async () => {
  for (const bundle of ['core', 'app'] as const) i18n.load('en', (await loadCatalogue('en', bundle)).default as Messages);
  i18n.activate('en');
});

describe('profile texts', () => {
  it('put the name in the title', () => {
    expect(profileTitle(t, 'alice')).toBe("alice's Profile");
    expect(qrDialogTitle(t, 'PayPal')).toBe('PayPal QR Code');
  });

  it('name each button after its vendor', () => {
    expect(copyLabel(t, 'Cash App')).toBe('Copy payment ID for Cash App');
    expect(qrLabel(t, 'Venmo')).toBe('Show QR code for Venmo');
  });
});
