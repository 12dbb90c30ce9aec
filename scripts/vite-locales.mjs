// The catalogues as the browser gets them (docs/decisions/011-languages.md): for each language of
// src/locales/<language>/ and each client bundle (core, app, legal), one module of the compiled
// messages of that bundle's sections, fetched only when that language and bundle are needed.
// `virtual:catalogues` exports `loadCatalogue(language, bundle)`. Compiling here (Lingui's
// compileMessage: ICU text to the tokens its runtime reads) keeps the ICU parser out of the
// browser's JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const INDEX = 'virtual:catalogues';
const PREFIX = 'virtual:catalogue/';

/** Sections of a catalogue that go to a named bundle; any other goes to `app`; `server` never leaves the server. */
const NAMED_BUNDLE = { core: 'core', legal: 'legal', server: 'server' };
export const bundleOf = (section) => NAMED_BUNDLE[section] ?? 'app';
const CLIENT_BUNDLES = ['core', 'app', 'legal'];

function flatten(tree, prefix, out) {
  for (const [key, value] of Object.entries(tree)) {
    const id = `${prefix}.${key}`;
    if (typeof value === 'string') out[id] = value;
    else flatten(value, id, out);
  }
  return out;
}

/** `{ id: text }` of one language's sections of one bundle. */
function bundleTexts(localesDir, language, bundle) {
  const dir = path.join(localesDir, language);
  const texts = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const section = file.slice(0, -'.json'.length);
    if (bundleOf(section) === bundle) flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), section, texts);
  }
  return texts;
}

/**
 * `{ id: compiled }` of one language's sections of one bundle. A text the language lacks is the
 * English one (the check in npm run lint fails on it first).
 */
export function compiledBundle(localesDir, language, bundle) {
  const texts = { ...bundleTexts(localesDir, 'en', bundle), ...bundleTexts(localesDir, language, bundle) };
  const messages = {};
  for (const [id, text] of Object.entries(texts)) {
    try {
      messages[id] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`src/locales/${language}: ${id}: ${error.message}`);
    }
  }
  return messages;
}

/** @param {{ localesDir: string }} options */
export function locales({ localesDir }) {
  const languages = () =>
    readdirSync(localesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  return {
    name: 'sharenearby:locales',
    resolveId(id) {
      if (id === INDEX || id.startsWith(PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const cases = languages()
          .flatMap((language) =>
            CLIENT_BUNDLES.map((bundle) => `    case '${language}/${bundle}': return import('${PREFIX}${language}/${bundle}');`),
          )
          .join('\n');
        return `export function loadCatalogue(language, bundle) {\n  switch (language + '/' + bundle) {\n${cases}\n    default: return Promise.reject(new Error('No catalogue ' + language + '/' + bundle));\n  }\n}\n`;
      }
      if (id.startsWith(`\0${PREFIX}`)) {
        const [language, bundle] = id.slice(PREFIX.length + 1).split('/');
        for (const file of readdirSync(path.join(localesDir, language))) this.addWatchFile(path.join(localesDir, language, file));
        return `export default ${JSON.stringify(compiledBundle(localesDir, language, bundle))};\n`;
      }
      return null;
    },
  };
}
