// The browser's side of the languages (docs/decisions/011-languages.md). Lingui's runtime holds the
// compiled messages of the chosen language; its bundles (scripts/vite-locales.mjs) are fetched on
// demand: `core` before the first render, `app` and `legal` with the pages that need them. Only the
// chosen language's bundles are fetched.
import { i18n } from '@lingui/core';
import { cloneElement, createContext, isValidElement, type ReactElement, type ReactNode, use, useMemo, useSyncExternalStore } from 'react';
import { loadCatalogue } from 'virtual:catalogues';
import {
  type ClientBundle,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
  type Message,
  MESSAGE_VALUES,
  type MessageId,
  messageId,
  messageValues,
  type MessageValues,
  negotiateLanguage,
  protectValues,
} from '#shared/i18n.js';

const loaded = new Set<string>();
/** The bundles the pages shown so far needed: a change of language fetches them all in the new one. */
const needed = new Set<ClientBundle>(['core']);

async function ensureBundle(language: Language, bundle: ClientBundle): Promise<void> {
  const key = `${language}/${bundle}`;
  if (loaded.has(key)) return;
  const { default: messages } = await loadCatalogue(language, bundle);
  i18n.load(language, messages as Parameters<typeof i18n.load>[1]);
  loaded.add(key);
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/**
 * The language the page starts in: the one the server put in `<html lang>` (it read the account,
 * the device's cookie and Accept-Language), else the cookie, else the browser's languages.
 */
function startLanguage(): Language {
  const fromHtml = document.documentElement.lang;
  if (isLanguage(fromHtml)) return fromHtml;
  const fromCookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  return negotiateLanguage(navigator.languages.join(',')) ?? DEFAULT_LANGUAGE;
}

/** Fetches the core bundle of the start language and makes it the active one. */
export async function startI18n(language: Language = startLanguage()): Promise<void> {
  await ensureBundle(language, 'core');
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** The active language. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** Fetches a bundle in the active language (and remembers it is needed, for a change of language). */
export async function loadBundle(bundle: ClientBundle): Promise<void> {
  needed.add(bundle);
  await ensureBundle(currentLanguage(), bundle);
}

/**
 * Switches the page to another language: fetches every bundle needed so far in it, then every
 * text re-renders; the device remembers the choice in a cookie (the server reads it for the first
 * HTML and for API messages).
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([...needed].map((bundle) => ensureBundle(language, bundle)));
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
  document.documentElement.lang = language;
  i18n.activate(language);
}

/** A message in the active language, outside React (toasts from API hooks, document titles). */
export function translate(message: Message, values?: MessageValues): string {
  const { marked, restore } = protectValues({ ...MESSAGE_VALUES, ...messageValues(message), ...values });
  return restore(i18n._(messageId(message), marked));
}

export type Translate = typeof translate;

// The React side is this file, not @lingui/react: a context with the active language, so that every
// component using useT re-renders when it changes, and `T` for messages with elements inside. About
// 2 kB less on the first load of /browse, whose budget is tight (docs/performance.md).
const LanguageContext = createContext<string | undefined>(undefined);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/** Provides the active language; everything under it re-renders when the language changes. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return <LanguageContext value={locale}>{children}</LanguageContext>;
}

/** The translating function for components: they re-render with a new one when the language changes. */
export function useT(): Translate {
  const locale = use(LanguageContext);
  return useMemo(() => (message: Message, values?: MessageValues) => (locale ? translate(message, values) : ''), [locale]);
}

/**
 * A text that may be a message id (a validation message of a shared schema) in the active
 * language; any other text (a server's answer, already in the request's language) as it is.
 */
export function say(text: string): string {
  return text in i18n.messages ? translate(text as MessageId) : text;
}

/** `say` for components: they re-render with it when the language changes. */
export function useSay(): (text: string) => string {
  const locale = use(LanguageContext);
  return useMemo(() => (text: string) => (locale ? say(text) : text), [locale]);
}

const ELEMENT = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/** `text` with its `<0>…</0>` elements made from `components`; `restore` puts the values into the text parts. */
function renderElements(
  text: string,
  components: Record<string, ReactElement>,
  restore: (text: string) => string,
  keyPrefix = '',
): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ELEMENT)) {
    if (match.index > last) out.push(restore(text.slice(last, match.index)));
    const index = match[1] ?? match[3]!;
    const element = components[index];
    const key = `${keyPrefix}${index}-${match.index}`;
    const inner = match[2] === undefined ? [] : renderElements(match[2], components, restore, `${key}.`);
    out.push(isValidElement(element) ? cloneElement(element, { key }, ...inner) : inner);
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(restore(text.slice(last)));
  return out;
}

/**
 * A message with elements inside it: `<0>link</0>` in the text becomes `components[0]` around
 * "link". Values stay text while the elements are found (a value that looks like `<0>` is shown as is).
 */
export function T({
  id,
  values = {},
  components = {},
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  useT();
  // A value that looks like an element, or holds an escape sequence, stays text.
  const { marked, restore } = protectValues({ ...MESSAGE_VALUES, ...values }, /[\\<]/);
  return <>{renderElements(i18n._(id, marked), components, restore)}</>;
}
