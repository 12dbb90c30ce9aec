// The languages of the product and how one is chosen (docs/decisions/011-languages.md). The texts
// themselves are in src/locales/<code>.json, one catalogue per language, ICU message format, read
// by Lingui on both sides: the client loads the chosen language's bundles lazily, the server reads
// every catalogue at start.
import {
  CODE_LENGTH,
  ITEM_DESCRIPTION_MAX,
  ITEM_DESCRIPTION_MIN,
  ITEM_TITLE_MAX,
  ITEM_TITLE_MIN,
  MAX_PAGE_SIZE,
  MAX_PAYMENT_LINKS,
  MAX_IMAGES,
  MAX_TAGS,
  MESSAGE_MAX,
  NOTE_MAX,
  PAYMENT_ID_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRODUCT_NAME,
  REPORT_DETAILS_MAX,
  REPORT_OTHER_DETAILS_MIN,
  SEARCH_TEXT_MAX,
  SUPPORT_DESCRIPTION_MAX,
  MODERATION_REASON_MAX,
  SUPPORT_REPLY_MAX,
  SUPPORT_DESCRIPTION_MIN,
  TAG_MAX_LENGTH,
  VENDOR_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.js';

/**
 * Every language the product speaks, by BCP 47 code, with its own name for itself (the picker shows
 * it). Adding one: a catalogue src/locales/<code>.json with every key of en.json, and one line here.
 */
export const LANGUAGES = {
  en: 'English',
  es: 'Español',
} as const;

export type Language = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The device's choice (signed out, or before the account's is known): a plain cookie, readable by the page. */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice outlives sessions. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(LANGUAGES, value);

/**
 * The best of our languages for an Accept-Language header (RFC 9110: tags with q-values; `es-MX`
 * matches `es`), or undefined when none is acceptable.
 */
export function negotiateLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number; order: number } | undefined;
  header
    .split(',')
    .slice(0, 40)
    .forEach((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0 || q > 1) return;
      const primary = tag.trim().toLowerCase().split('-')[0];
      if (!isLanguage(primary)) return;
      if (!best || q > best.q || (q === best.q && order < best.order)) best = { language: primary, q, order };
    });
  return best?.language;
}

/** A value of the cookie or of a stored choice, if it names one of our languages. */
export const languageOrUndefined = (value: unknown): Language | undefined => (isLanguage(value) ? value : undefined);

/**
 * The sections of a catalogue: one file each in src/locales/<language>/, named as the section (the
 * first part of every id in it). English is the reference: its texts are the product's, word for word.
 */
interface Catalogue {
  core: typeof import('../locales/en/core.json');
  api: typeof import('../locales/en/api.json');
  server: typeof import('../locales/en/server.json');
  legal: typeof import('../locales/en/legal.json');
  pages: typeof import('../locales/en/pages.json');
  auth: typeof import('../locales/en/auth.json');
  reset: typeof import('../locales/en/reset.json');
  items: typeof import('../locales/en/items.json');
  conversations: typeof import('../locales/en/conversations.json');
  profiles: typeof import('../locales/en/profiles.json');
  notes: typeof import('../locales/en/notes.json');
  search: typeof import('../locales/en/search.json');
  support: typeof import('../locales/en/support.json');
  settings: typeof import('../locales/en/settings.json');
  admin: typeof import('../locales/en/admin.json');
  reports: typeof import('../locales/en/reports.json');
  picker: typeof import('../locales/en/picker.json');
  email: typeof import('../locales/en/email.json');
  alerts: typeof import('../locales/en/alerts.json');
  notifications: typeof import('../locales/en/notifications.json');
}

/** "a.b.c" for every leaf of a nested catalogue. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The id of a message: the dotted path of its text in src/locales/en.json. Unknown ids do not compile. */
export type MessageId = Leaves<Catalogue>;
export type MessageValues = Record<string, string | number>;
/** A message with the values its placeholders need (`{max}`), translated where it is shown. */
export type Message = MessageId | { id: MessageId; values: MessageValues };

/** Marks a literal as a message id (checked by the compiler; found by the unused-key check). */
export const msg = <T extends MessageId>(id: T): T => id;

/** A message with values. */
export const withValues = (id: MessageId, values: MessageValues): Message => ({ id, values });

export const messageId = (message: Message): MessageId => (typeof message === 'string' ? message : message.id);
export const messageValues = (message: Message): MessageValues | undefined => (typeof message === 'string' ? undefined : message.values);

/**
 * The browser's bundles of catalogue sections (scripts/vite-locales.mjs): `core` loads with the first
 * page (it counts against the /browse budget), `legal` with the terms and privacy pages, `app` (every
 * other section) with the first other page. The `server` section (SMS, e-mail) never leaves the server.
 */
export const CLIENT_BUNDLES = ['core', 'app', 'legal'] as const;
export type ClientBundle = (typeof CLIENT_BUNDLES)[number];

/** A nested catalogue as `{ "a.b.c": text }`. */
export function flattenCatalogue(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
      const id = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out[id] = value;
      else flattenCatalogue(value, id, out);
    }
  }
  return out;
}

/**
 * Values every message may use, so that a catalogue says `{titleMax}` rather than a number that
 * would go stale: the product's limits, and its name.
 */
export const MESSAGE_VALUES: MessageValues = {
  product: PRODUCT_NAME,
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  usernameMin: USERNAME_MIN,
  usernameMax: USERNAME_MAX,
  codeLength: CODE_LENGTH,
  titleMin: ITEM_TITLE_MIN,
  titleMax: ITEM_TITLE_MAX,
  descriptionMin: ITEM_DESCRIPTION_MIN,
  descriptionMax: ITEM_DESCRIPTION_MAX,
  tagMax: TAG_MAX_LENGTH,
  maxTags: MAX_TAGS,
  maxImages: MAX_IMAGES,
  maxPageSize: MAX_PAGE_SIZE,
  supportDescriptionMin: SUPPORT_DESCRIPTION_MIN,
  paymentIdMax: PAYMENT_ID_MAX,
  maxPaymentLinks: MAX_PAYMENT_LINKS,
  noteMax: NOTE_MAX,
  reportDetailsMax: REPORT_DETAILS_MAX,
  reportOtherDetailsMin: REPORT_OTHER_DETAILS_MIN,
  searchTextMax: SEARCH_TEXT_MAX,
  messageMax: MESSAGE_MAX,
  // How the API names the character PostgreSQL cannot store (a value: a backslash in a catalogue text is an escape).
  nul: '\\u0000',
  vendorNameMax: VENDOR_NAME_MAX,
  supportDescriptionMax: SUPPORT_DESCRIPTION_MAX,
  moderationReasonMax: MODERATION_REASON_MAX,
  supportReplyMax: SUPPORT_REPLY_MAX,
};

// Text values that hold a backslash stand in a message as these markers while Lingui formats it:
// Lingui decodes `\uXXXX` and `\xXX` sequences in its result, which would change what a person wrote
// (a title holding "\u202e" would turn the rest of the line around). Other values stay as they are:
// a select needs its keyword, a plural its number.
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const MARKER = /\uE000(\d+)\uE001/g;

/**
 * `values` with every text that `risky` matches (a backslash, by default) replaced by a marker, and
 * `restore`, which puts the texts back into a formatted message (or into any part of it).
 */
export function protectValues(values: MessageValues, risky: RegExp = /\\/): { marked: MessageValues; restore: (text: string) => string } {
  const texts: string[] = [];
  const marked: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' && risky.test(value)) {
      marked[name] = `${MARK_START}${texts.length}${MARK_END}`;
      texts.push(value);
    } else marked[name] = value;
  }
  return { marked, restore: (text) => (texts.length ? text.replace(MARKER, (_all, index: string) => texts[Number(index)] ?? '') : text) };
}
