import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.js';
import { createTestApp, type TestApp, TestClient } from '../../../test/harness.js';
import { relevanceAll } from './list/relevance-all.js';
import { relevanceNewestMatches } from './list/relevance-newest-matches.js';
import { relevanceNewestWalked } from './list/relevance-newest-walked.js';
import { normalWords, PREFIX_WORDS, searchWordsOf, swapsOf } from './words.js';

let t: TestApp;
let client: TestClient;

const ITEMS: { title: string; description: string; tags?: string[] }[] = [
  { title: 'Lamp, red', description: 'A reading light with a bright shade.' },
  { title: 'Acoustic guitar', description: 'Six strings, lightly used, with a soft case.' },
  { title: 'City bike', description: 'Three gears and a basket on the front.' },
  { title: 'Lámpara de mesa', description: 'Pequeña y blanca, funciona perfectamente.' },
  { title: 'Desk lamp', description: 'Bends anywhere, takes a normal bulb.' },
  { title: 'Lamb wool blanket', description: 'Warm and soft, washed and folded.' },
  { title: 'Reading light', description: 'Clips onto a book; more or less a tiny lamp.' },
  { title: 'Kids boxes', description: 'Storage for toys and games, stackable.', tags: ['Toys'] },
];
const titlesOf = (res: { json: () => unknown }) => (res.json() as { items: { title: string }[] }).items.map((i) => i.title);

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  const owner = await new TestClient(t.app).register('word_owner');
  // Oldest first: the last one is the newest.
  const values = ITEMS.map(
    (item, i) =>
      sql`(${owner.id}, ${item.title}, ${item.description}, '/uploads/x.webp', string_to_array(${(item.tags ?? []).join('|')}, '|'), now() - ${`${ITEMS.length - i} minutes`}::interval, now() + interval '1 day')`,
  );
  await t.app.db.execute(
    sql`insert into items (user_id, title, description, image_url, tags, created_at, expires_at) values ${sql.join(values, sql`, `)}`,
  );
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string, extra = '') => client.get(`/api/items?query=${encodeURIComponent(q)}&tag=${encodeURIComponent(q)}${extra}`);

describe('search by words', () => {
  it('finds several words in any order', async () => {
    expect(titlesOf(await search('red lamp'))).toEqual(['Lamp, red']);
    expect(titlesOf(await search('guitar acoustic'))).toEqual(['Acoustic guitar']);
  });

  it('finds plurals and simple word forms, in English and Spanish, ignoring accents and case', async () => {
    expect(titlesOf(await search('lamps'))).toEqual(expect.arrayContaining(['Lamp, red', 'Desk lamp']));
    expect(titlesOf(await search('bikes'))).toEqual(['City bike']);
    expect(titlesOf(await search('LÁMPARAS'))).toContain('Lámpara de mesa');
    expect(titlesOf(await search('lampara'))).toContain('Lámpara de mesa');
    expect(titlesOf(await search('box'))).toEqual(['Kids boxes']);
  });

  it('finds small typos', async () => {
    expect(titlesOf(await search('guitr'))).toEqual(['Acoustic guitar']);
    expect(titlesOf(await search('acustic gitar'))).toEqual(['Acoustic guitar']);
  });

  it('finds a word typed with two neighbouring letters swapped, which shares too few trigrams to be a typo by similarity', async () => {
    expect(titlesOf(await search('gutiar'))).toEqual(['Acoustic guitar']);
    expect(titlesOf(await search('acousitc gutiar'))).toEqual(['Acoustic guitar']);
    expect(swapsOf('armchiar')).toContain('armchair');
    expect(swapsOf('wool')).toEqual(['owol', 'wolo']);
  });

  it('says when the items found match only what a typo may have meant (similar), and not when one matches as typed', async () => {
    const similar = async (q: string) => (await search(q)).json<{ similar?: boolean }>().similar;
    expect(await similar('gutiar')).toBe(true);
    expect(await similar('guitr')).toBe(true);
    expect(await similar('guitar')).toBeUndefined();
    // "lamp" has a typo neighbour ("lamb"), and items that hold it as typed.
    expect(await similar('lamp')).toBeUndefined();
    expect(await similar('zzzzqqq')).toBeUndefined();
  });

  it('finds synonyms from the documented list', async () => {
    expect(titlesOf(await search('bicycle'))).toEqual(['City bike']);
    expect(titlesOf(await search('bicicleta'))).toEqual(['City bike']);
  });

  it('still finds substrings and tags as before', async () => {
    expect(titlesOf(await search('ckab'))).toEqual(['Kids boxes']);
    expect(titlesOf(await search('toys'))).toEqual(['Kids boxes']);
    expect(titlesOf(await search('zzzz'))).toEqual([]);
  });

  it('matches a text of several words by its words (the last also as a start of a word) or as a whole tag', async () => {
    // Typed so far: the last word is the start of one.
    expect(titlesOf(await search('red lam'))).toEqual(['Lamp, red']);
    expect(titlesOf(await search('acoustic gui'))).toEqual(['Acoustic guitar']);
    // Only the last word: "lam red" is no start of "lamp" followed by "red".
    expect(titlesOf(await search('lam red'))).toEqual([]);
    // A phrase starting inside a word is no longer a match by itself ("ed, a reading" is in no word order).
    expect(titlesOf(await search('amp, red'))).toEqual([]);
    // A one- or two-letter last word is a whole word (a prefix that short would read most of the index).
    expect(titlesOf(await search('red la'))).toEqual([]);
  });

  it('puts an exact title match before a typo match before a description-only match (sort=relevance)', async () => {
    const res = await search('lamp', '&sort=relevance');
    expect(res.statusCode).toBe(200);
    const titles = titlesOf(res);
    // Exact in the title (as typed, or its Spanish synonym), then the typo ("lamb"), then the description only.
    expect(titles.slice(0, 3).sort()).toEqual(['Desk lamp', 'Lamp, red', 'Lámpara de mesa']);
    expect(titles.slice(3)).toEqual(['Lamb wool blanket', 'Reading light']);
    // The default order (newest first) is unchanged by the new matching.
    expect(titlesOf(await search('lamp'))[0]).toBe('Reading light');
  });

  it('ranks the same newest matches whether they are found by the search indexes or by walking the newest first', async () => {
    // Past the exact count's cap best match first ranks the newest matches only; the planner's
    // matchesFirst chooses how they are found (at scale: sparse matches by the indexes, dense ones by the walk).
    const request = {
      filter: { text: 'lamp', words: await searchWordsOf(t.app.db, 'lamp') },
      order: 'relevance' as const,
      limit: 20,
      offset: 0,
    };
    const titles = (rows: { title: string }[]) => rows.map((r) => r.title);
    const everyMatch = titles(await relevanceAll(t.app.db, request));
    expect(everyMatch.slice(0, 3).sort()).toEqual(['Desk lamp', 'Lamp, red', 'Lámpara de mesa']);
    expect(titles(await relevanceNewestMatches(t.app.db, request))).toEqual(everyMatch);
    expect(titles(await relevanceNewestWalked(t.app.db, request))).toEqual(everyMatch);
  });

  it('accepts sort=relevance with or without a place and refuses other sorts with a message', async () => {
    expect((await search('lamp', '&sort=relevance&lat=40.7&lng=-74')).statusCode).toBe(200);
    expect((await client.get('/api/items?sort=relevance')).statusCode).toBe(200);
    const bad = await client.get('/api/items?query=lamp&sort=best');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('sort must be nearest, newest or relevance');
  });

  it('folds words in TypeScript exactly as the database does', async () => {
    const text = 'Lamps, LÁMPARAS luces Lápiz glasses batteries bikes Bike the bus Año 100% city-bike naïve';
    const [row] = await queryRows<{ words: string }>(t.app.db, sql`SELECT search_words(${text}) AS words`);
    expect(row!.words.trim().split(' ')).toEqual(normalWords(text));
  });

  it('matches the last word as the start of a word, whether it starts a few known words or many', async () => {
    const owner = await new TestClient(t.app).register('prefix_owner');
    const add = (title: string, description: string) =>
      t.app.db.execute(
        sql`insert into items (user_id, title, description, image_url, tags, expires_at) values (${owner.id}, ${title}, ${description}, '/uploads/x.webp', '{}', now() + interval '1 day')`,
      );
    await add('Lamp on a redwood base', 'Turned by hand.');
    // A few known words start "red": the search asks for them by name.
    const few = await searchWordsOf(t.app.db, 'lamp red');
    expect(few.at(-1)!.completions).toEqual(['red', 'redwood']);
    expect(titlesOf(await search('lamp red')).sort()).toEqual(['Lamp on a redwood base', 'Lamp, red']);
    // More than PREFIX_WORDS: the search asks for the prefix itself, and finds the same items.
    const many = Array.from({ length: PREFIX_WORDS }, (_, i) => `red${'abcdefghij'[i]}x`).join(' ');
    await add('Shelf', many);
    expect((await searchWordsOf(t.app.db, 'lamp red')).at(-1)!.completions).toBeUndefined();
    expect(titlesOf(await search('lamp red')).sort()).toEqual(['Lamp on a redwood base', 'Lamp, red']);
    expect(titlesOf(await search('shelf redc'))).toEqual(['Shelf']);
  });

  it('keeps the vocabulary of typo search as items are posted and changed', async () => {
    await t.app.db.execute(sql`update items set title = 'Acoustic guitar and xylophone' where title = 'Acoustic guitar'`);
    expect(titlesOf(await search('xylophon'))).toEqual(['Acoustic guitar and xylophone']);
    expect(titlesOf(await search('xylofone'))).toEqual(['Acoustic guitar and xylophone']);
  });
});
