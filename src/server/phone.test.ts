import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.js';
import { MIGRATIONS_FOLDER } from './db/migrate.js';
import { formatPhone, isSendableNumber, normaliseStoredPhoneNumbers, toE164 } from './phone.js';

describe('toE164 and formatPhone', () => {
  it('reads what people type in the default region, and refuses what is not a valid number', () => {
    expect(toE164('(212) 555-0134', 'US')).toBe('+12125550134');
    expect(toE164('212.555.0134', 'US')).toBe('+12125550134');
    expect(toE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    for (const bad of ['12', '555-0134', '+15550001', '(212) 555-01345', '', 'call me']) expect(toE164(bad, 'US'), bad).toBeNull();
    expect(formatPhone('+12125550134', 'US')).toBe('(212) 555-0134');
    expect(formatPhone('+12125550134', 'GB')).toBe('+1 212 555 0134');
    expect(isSendableNumber('+12125550134')).toBe(true);
    expect(isSendableNumber('2125550134')).toBe(false);
  });
});

describe('migration 0028 and its start-up step on numbers stored before it', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phone-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'normalises the numbers of existing rows to E.164 and flags those it cannot parse; verification stays',
    { timeout: 120_000 },
    async () => {
      // The migrations before 0028, as a database made before this change has them.
      const before = path.join(dir, 'drizzle');
      cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0028_'));
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

      const database = await openDatabase({ pgliteDir: 'memory://', poolSize: 1 });
      try {
        await database.migrate(before);
        const stored = ['2125550134', '(718) 555-0100', '+442079460958', '+15550001', '12', null];
        for (const [i, phone] of stored.entries()) {
          await database.db.execute(
            sql`insert into users (username, password, phone_number, is_phone_verified) values (${`old_${i}`}, 'x', ${phone}, ${phone !== null})`,
          );
        }
        await database.migrate();
        expect(await normaliseStoredPhoneNumbers(database.db, 'US')).toEqual({ normalised: 3, flagged: 2 });
        const rows = await queryRows<{ phone_number: string | null; phone_invalid: boolean; is_phone_verified: boolean }>(
          database.db,
          sql`select phone_number, phone_invalid, is_phone_verified from users order by username`,
        );
        expect(rows.map((r) => [r.phone_number, r.phone_invalid, r.is_phone_verified])).toEqual([
          ['+12125550134', false, true],
          ['+17185550100', false, true],
          ['+442079460958', false, true],
          ['+15550001', true, true],
          ['12', true, true],
          [null, false, false],
        ]);
        // Done once: the next start finds nothing (the partial index is empty).
        expect(await normaliseStoredPhoneNumbers(database.db, 'US')).toEqual({ normalised: 0, flagged: 0 });
        const [left] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users where phone_invalid is null`);
        expect(left!.n).toBe(0);
      } finally {
        await database.close();
      }
    },
  );
});
