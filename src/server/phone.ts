// Phone numbers in E.164 (docs/decisions/024-profiles-thanks-phones.md). Numbers are parsed with
// libphonenumber-js and its smaller ("min") metadata, which knows every country's lengths and
// leading digits (enough to tell a valid number and to format it; it lacks only the number types,
// mobile or fixed line, which nothing here asks). A number typed without a country code is read in
// the configured default region (PHONE_DEFAULT_REGION, US unless set).
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { queryRows } from './db/client.js';

/** Whether a two-letter region code is one the library knows (the config checks PHONE_DEFAULT_REGION with it). */
export const isPhoneRegion = (region: string): region is CountryCode => isSupportedCountry(region);

/** The E.164 form (`+12125550134`) of a number typed in any usual way, or null when it is not a valid number. */
export function toE164(input: string, region: string): string | null {
  if (input.length > 40) return null;
  const parsed = parsePhoneNumberFromString(input, isPhoneRegion(region) ? region : 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number as people of the region write it: national form at home, international abroad. */
export function formatPhone(e164: string, region: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return e164;
  return parsed.country === region ? parsed.formatNational() : parsed.formatInternational();
}

/** Whether an SMS may go to this number: only a valid number written in E.164. */
export function isSendableNumber(to: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(to) && toE164(to, 'US') === to;
}

/**
 * The data step of migration 0028, run after the migrations at every start (cheap once done: it
 * reads the partial index `users_phone_unchecked_idx`, empty when every stored number is checked).
 * Each number not checked yet (`phone_invalid` null: stored before 0028) is parsed in the default
 * region: a valid one is stored in E.164 (keeping its verification: the same number, written in
 * full), one that cannot be parsed is flagged `phone_invalid` (Settings asks the person to enter it
 * again; no SMS goes to it). Answers how many were normalised and flagged.
 */
export async function normaliseStoredPhoneNumbers(db: Db, region: string): Promise<{ normalised: number; flagged: number }> {
  const done = { normalised: 0, flagged: 0 };
  for (;;) {
    const rows = await queryRows<{ id: number; phone_number: string | null }>(
      db,
      sql`select id, phone_number from users where phone_invalid is null order by id limit 500`,
    );
    if (rows.length === 0) return done;
    for (const row of rows) {
      const e164 = row.phone_number === null ? null : toE164(row.phone_number, region);
      // A number changed meanwhile (by the person, already checked) is left as it is now.
      await db.execute(
        sql`update users set phone_number = coalesce(${e164}, phone_number), phone_invalid = ${e164 === null && row.phone_number !== null}
            where id = ${row.id} and phone_number is not distinct from ${row.phone_number} and phone_invalid is null`,
      );
      if (e164) done.normalised++;
      else if (row.phone_number !== null) done.flagged++;
    }
  }
}
