// The catalogues as the server reads them: every message of every language compiles, English keeps
// the product's words, Spanish says them in Spanish, and values fill the placeholders.
import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from '#shared/i18n.js';
import { distanceMessage } from '#shared/item-format.js';
import { MSG } from '#shared/messages.js';
import { QUOTA_MSG } from '#shared/quotas.js';
import { chooseLanguage, translate } from './i18n.js';

describe('translate', () => {
  it('says a message in each language, with the limits filled in', () => {
    expect(translate('en', MSG.passwordMin)).toBe('Password must be at least 6 characters');
    expect(translate('es', MSG.passwordMin)).not.toBe(translate('en', MSG.passwordMin));
    expect(translate('es', MSG.passwordMin)).toContain('6');
  });

  it('words distances for the card: metres, kilometres with a decimal in the language, nearby', () => {
    expect(translate('en', distanceMessage(0.2345))).toBe('235 m away');
    expect(translate('en', distanceMessage(0))).toBe('0 m away');
    expect(translate('en', distanceMessage(1))).toBe('1 km away');
    expect(translate('en', distanceMessage(3.46))).toBe('3.5 km away');
    expect(translate('en', distanceMessage(12.6))).toBe('13 km away');
    expect(translate('en', distanceMessage(undefined))).toBe('Nearby');
    expect(translate('en', distanceMessage(null))).toBe('Nearby');
    expect(translate('en', distanceMessage(Number.NaN))).toBe('Nearby');
    expect(translate('es', distanceMessage(3.46))).toBe('a 3,5 km');
    expect(translate('es', distanceMessage(undefined))).toBe('Cerca');
  });

  it('counts with plurals, not string joins', () => {
    expect(translate('en', QUOTA_MSG.rate('itemsPerDay', 30, 1))).toBe('You can add up to 30 items a day. Please try again in 1 second.');
    expect(translate('en', QUOTA_MSG.rate('uploadsPerHour', 30, 125))).toBe(
      'You can upload up to 30 images an hour. Please try again in 3 minutes.',
    );
    expect(translate('en', QUOTA_MSG.rate('notesPerDay', 100, 60 * 60 * 5))).toBe(
      'You can add up to 100 notes a day. Please try again in 5 hours.',
    );
  });

  it('keeps what people wrote as written: escape sequences in values are not decoded', () => {
    const title = 'Lamp \\u202e \\x41 <0>x</0> {name}';
    expect(translate('en', { id: 'core.item.deleteNamed', values: { title } })).toBe(`Delete ${title}`);
    expect(translate('es', { id: 'core.item.deleteNamed', values: { title } })).toBe(`Eliminar ${title}`);
  });

  it('leaves a text that is not a message id as it is', () => {
    expect(translate('es', 'Some library text' as never)).toBe('Some library text');
  });
});

describe('choosing the language', () => {
  it('reads Accept-Language with its weights and regions', () => {
    expect(negotiateLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(negotiateLanguage('fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(negotiateLanguage('de, fr')).toBeUndefined();
    expect(negotiateLanguage('es;q=0, en')).toBe('en');
    expect(negotiateLanguage('')).toBeUndefined();
    expect(negotiateLanguage('*;q=0.1, es;q=nonsense')).toBeUndefined();
  });

  it('puts the stored choice first, then the cookie, then the header, then English', () => {
    expect(chooseLanguage('es', 'en', 'en')).toBe('es');
    expect(chooseLanguage(null, 'es', 'en')).toBe('es');
    expect(chooseLanguage(null, 'xx', 'es-AR')).toBe('es');
    expect(chooseLanguage(null, undefined, undefined)).toBe('en');
  });
});
