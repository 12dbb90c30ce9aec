#!/usr/bin/env node
// The catalogues' check (part of `npm run lint`, docs/decisions/011-languages.md). Fails when:
// - a language of LANGUAGES (src/shared/i18n.ts) has no folder in src/locales, or a folder has no line there;
// - a language lacks a section file or an id that English has, or has one English lacks;
// - a text does not compile as an ICU message, or uses a placeholder or an element English does not;
// - an id of the English catalogue appears nowhere in the code (an unused text), or the code names
//   an id (a quoted 'section.x.y' of a known section) that English lacks.
// Hard-coded texts in components are the ESLint rule lingui/no-unlocalized-strings (eslint.config.js).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';

const flatten = (tree, prefix, out = {}) => {
  for (const [key, value] of Object.entries(tree)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[id] = value;
    else if (value && typeof value === 'object') flatten(value, id, out);
    else out[id] = value;
  }
  return out;
};

/** The placeholders (`{name}`, plural and select arguments) and elements (`<0>`) of an ICU text. */
function partsOf(text) {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(text));
  const elements = new Set([...text.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[1]));
  return { names, elements };
}

function listFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(file, out);
    else out.push(file);
  }
  return out;
}

/**
 * The problems of the catalogues in `localesDir` against the code in `codeDir` (LANGUAGES read from
 * `languagesFile`), as sentences; none when all is well.
 */
export function checkCatalogues({ localesDir, codeDir, languagesFile, extraValueNames = [] }) {
  const problems = [];
  const languagesSource = readFileSync(languagesFile, 'utf8');
  const block = /export const LANGUAGES = \{([\s\S]*?)\}/.exec(languagesSource)?.[1] ?? '';
  const declared = [...block.matchAll(/^\s*'?([a-z]{2,3}(?:-[A-Za-z]+)?)'?\s*:/gm)].map((m) => m[1]);
  const folders = readdirSync(localesDir).filter((name) => statSync(path.join(localesDir, name)).isDirectory());
  for (const language of declared)
    if (!folders.includes(language)) problems.push(`${language} is in LANGUAGES but src/locales/${language}/ is missing`);
  for (const folder of folders)
    if (!declared.includes(folder)) problems.push(`src/locales/${folder}/ has no line in LANGUAGES (src/shared/i18n.ts)`);
  if (!folders.includes('en')) return [...problems, 'src/locales/en/ (the reference catalogue) is missing'];

  const read = (language, file) => {
    try {
      return flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')), file.replace(/\.json$/, ''));
    } catch (error) {
      problems.push(`src/locales/${language}/${file}: ${error.message}`);
      return {};
    }
  };
  const sections = readdirSync(path.join(localesDir, 'en')).filter((f) => f.endsWith('.json'));
  const english = {};
  for (const file of sections) Object.assign(english, read('en', file));
  const valueNames = new Set(extraValueNames);

  for (const language of folders) {
    const files = readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.json'));
    for (const file of sections) if (!files.includes(file)) problems.push(`src/locales/${language}/${file} is missing`);
    for (const file of files) if (!sections.includes(file)) problems.push(`src/locales/${language}/${file} has no English catalogue`);
    for (const file of files.filter((f) => sections.includes(f))) {
      const texts = language === 'en' ? null : read(language, file);
      const englishOfFile = read('en', file);
      for (const [id, text] of Object.entries(texts ?? englishOfFile)) {
        if (typeof text !== 'string' || text.trim() === '') {
          problems.push(`${language}: ${id} is empty or not a text`);
          continue;
        }
        if (texts && !(id in englishOfFile)) {
          problems.push(`${language}: ${id} is not in English (src/locales/en/${file})`);
          continue;
        }
        let parts;
        try {
          parts = partsOf(text);
        } catch (error) {
          problems.push(`${language}: ${id} is not a valid ICU message: ${error.message}`);
          continue;
        }
        if (!texts) continue;
        const reference = partsOf(englishOfFile[id]);
        for (const name of parts.names)
          if (!reference.names.has(name) && !valueNames.has(name))
            problems.push(`${language}: ${id} uses {${name}}, which English does not`);
        for (const element of parts.elements)
          if (!reference.elements.has(element)) problems.push(`${language}: ${id} uses <${element}>, which English does not`);
        for (const element of reference.elements)
          if (!parts.elements.has(element)) problems.push(`${language}: ${id} lacks <${element}>, which English has`);
      }
      if (texts) for (const id of Object.keys(englishOfFile)) if (!(id in texts)) problems.push(`${language}: ${id} is missing`);
    }
  }

  // Ids in the code: every quoted 'section.a.b' of a known section.
  const sectionNames = sections.map((f) => f.replace(/\.json$/, ''));
  const idPattern = new RegExp(`['"\`]((?:${sectionNames.join('|')})(?:\\.[A-Za-z0-9_]+)+)['"\`]`, 'g');
  const used = new Set();
  const sources = listFiles(codeDir).filter(
    (file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.(ts|tsx|mjs)$/.test(file) && !file.includes(`${path.sep}locales${path.sep}`),
  );
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(idPattern)) {
      used.add(match[1]);
      if (!(match[1] in english) && !Object.keys(english).some((id) => id.startsWith(`${match[1]}.`)))
        problems.push(`${path.relative(process.cwd(), file)} names ${match[1]}, which src/locales/en lacks`);
    }
  }
  for (const id of Object.keys(english)) if (!used.has(id)) problems.push(`en: ${id} is used nowhere in the code (remove it, or use it)`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const valuesSource = readFileSync(path.join(root, 'src/shared/i18n.ts'), 'utf8');
  const valuesBlock = /export const MESSAGE_VALUES[^=]*=\s*\{([\s\S]*?)\};/.exec(valuesSource)?.[1] ?? '';
  const extraValueNames = [...valuesBlock.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]);
  const problems = checkCatalogues({
    localesDir: path.join(root, 'src/locales'),
    codeDir: path.join(root, 'src'),
    languagesFile: path.join(root, 'src/shared/i18n.ts'),
    extraValueNames,
  });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`catalogues: ${problem}`);
    console.error(`catalogues: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('catalogues: every language has every text, each one valid and used');
}
