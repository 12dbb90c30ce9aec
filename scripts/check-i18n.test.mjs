// The catalogue check finds each kind of problem it names, in a catalogue made for the test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogues } from './check-i18n.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project({ languages = ['en', 'es'], catalogues, code }) {
  root = mkdtempSync(path.join(os.tmpdir(), 'i18n-check-'));
  writeFileSync(
    path.join(root, 'i18n.ts'),
    `export const LANGUAGES = {\n${languages.map((l) => `  ${l}: '${l}',`).join('\n')}\n} as const;\n`,
  );
  for (const [language, sections] of Object.entries(catalogues)) {
    mkdirSync(path.join(root, 'locales', language), { recursive: true });
    for (const [section, texts] of Object.entries(sections))
      writeFileSync(path.join(root, 'locales', language, `${section}.json`), JSON.stringify(texts));
  }
  mkdirSync(path.join(root, 'code'));
  writeFileSync(path.join(root, 'code', 'page.tsx'), code);
  return checkCatalogues({
    localesDir: path.join(root, 'locales'),
    codeDir: path.join(root, 'code'),
    languagesFile: path.join(root, 'i18n.ts'),
  });
}

describe('checkCatalogues', () => {
  it('passes complete, valid and used catalogues', () => {
    const problems = project({
      catalogues: {
        en: { core: { hi: 'Hello {name}', n: '{count, plural, one {# item} other {# items}}' } },
        es: { core: { hi: 'Hola {name}', n: '{count, plural, one {# artículo} other {# artículos}}' } },
      },
      code: "t('core.hi'); t('core.n');",
    });
    expect(problems).toEqual([]);
  });

  it('names a missing text, an extra one, an unknown placeholder, a broken message and an unused id', () => {
    const problems = project({
      catalogues: {
        en: { core: { hi: 'Hello {name}', bye: 'Bye', odd: 'Odd', link: 'See <0>this</0>' } },
        es: { core: { hi: 'Hola {nombre}', extra: 'De más', odd: '{broken', link: 'Mira esto' } },
      },
      code: "t('core.hi'); t('core.odd'); t('core.link'); t('core.nothere');",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'es: core.bye is missing',
        'es: core.extra is not in English (src/locales/en/core.json)',
        'es: core.hi uses {nombre}, which English does not',
        expect.stringMatching(/^es: core\.odd is not a valid ICU message/),
        'es: core.link lacks <0>, which English has',
        'en: core.bye is used nowhere in the code (remove it, or use it)',
        expect.stringMatching(/names core\.nothere, which src\/locales\/en lacks$/),
      ]),
    );
  });

  it('needs a folder for every language and a line for every folder', () => {
    const problems = project({
      languages: ['en', 'fr'],
      catalogues: { en: { core: { hi: 'Hi' } }, es: { core: { hi: 'Hola' } } },
      code: "t('core.hi')",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'fr is in LANGUAGES but src/locales/fr/ is missing',
        'src/locales/es/ has no line in LANGUAGES (src/shared/i18n.ts)',
      ]),
    );
  });
});
