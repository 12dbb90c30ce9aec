// The server's side of the languages (docs/decisions/011-languages.md): every catalogue of
// src/locales, read and compiled once at start, and the language of a request or of a person.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  DEFAULT_LANGUAGE,
  flattenCatalogue,
  LANGUAGE_CODES,
  type Language,
  languageOrUndefined,
  type Message,
  MESSAGE_VALUES,
  messageId,
  messageValues,
  type MessageValues,
  negotiateLanguage,
  protectValues,
} from '#shared/i18n.js';

// src/server/i18n.ts and dist/server/i18n.js both sit beside a `locales` folder one level up (tsc
// copies the catalogues into dist: tsconfig.server.json includes them).
const LOCALES_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

function readCatalogue(language: Language): Record<string, string> {
  const dir = `${LOCALES_DIR}${language}`;
  const flat: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const section = file.slice(0, -'.json'.length);
    flattenCatalogue({ [section]: JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as unknown }, '', flat);
  }
  return flat;
}

function compile(language: Language): I18n {
  const i18n = setupI18n();
  // A text missing in a language is said in English (the check of npm run lint fails on it first).
  const texts = { ...readCatalogue(DEFAULT_LANGUAGE), ...readCatalogue(language) };
  const messages = Object.fromEntries(
    Object.entries(texts).map(([id, text]) => {
      try {
        return [id, compileMessageOrThrow(text)];
      } catch (error) {
        throw new Error(`src/locales/${language}: ${id}: ${(error as Error).message}`, { cause: error });
      }
    }),
  );
  i18n.load(language, messages as Parameters<I18n['load']>[1]);
  i18n.activate(language);
  return i18n;
}

let translators: Map<Language, I18n> | undefined;
const translatorFor = (language: Language): I18n => {
  translators ??= new Map(LANGUAGE_CODES.map((code) => [code, compile(code)]));
  return translators.get(language) ?? translators.get(DEFAULT_LANGUAGE)!;
};

/** A message in a language; a text that is not a message id (a library's own error) is left as it is. */
export function translate(language: Language, message: Message, values?: MessageValues): string {
  const i18n = translatorFor(language);
  const id = messageId(message);
  if (!(id in i18n.messages)) return id;
  const { marked, restore } = protectValues({ ...MESSAGE_VALUES, ...messageValues(message), ...values });
  return restore(i18n._(id, marked));
}

/** True when a text is the id of a message (so the error handler translates it). */
export const isMessageId = (text: string): boolean => text in translatorFor(DEFAULT_LANGUAGE).messages;

/**
 * The language to answer in: the person's stored choice, else the device's cookie, else the best of
 * Accept-Language, else English.
 */
export function chooseLanguage(stored: unknown, cookie: unknown, acceptLanguage: string | undefined): Language {
  return languageOrUndefined(stored) ?? languageOrUndefined(cookie) ?? negotiateLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
