import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#shared/policies/actor.js';
import * as items from '#shared/policies/items.js';
import { queryRows } from '../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { itemVisibleTo } from './items.js';

// itemVisibleTo is the SQL twin of items.see (docs/decisions/039-policies.md): on the same rows,
// the query keeps exactly the items the plain rule lets each actor see.

let t: TestApp;
let alice: number;
let bob: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = (await new TestClient(t.app).register(uniqueName('twin_a'))).id;
  bob = (await new TestClient(t.app).register(uniqueName('twin_b'))).id;
  // Each owner's items: visible, hidden, and hidden but taken.
  for (const owner of [alice, bob]) {
    await t.app.db.execute(sql`
      INSERT INTO items (user_id, title, description, image_url, status, hidden_at)
      VALUES (${owner}, 'Shown', 'd', '/uploads/x.webp', 'available', NULL),
             (${owner}, 'Hidden', 'd', '/uploads/x.webp', 'available', now()),
             (${owner}, 'Hidden given', 'd', '/uploads/x.webp', 'taken', now() - interval '1 day')`);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('itemVisibleTo and items.see', () => {
  it('agree for a visitor, each owner, someone else and an admin, in both spellings of the table', async () => {
    const rows = await queryRows<{ id: number; user_id: number; hidden_at: Date | null }>(
      t.app.db,
      sql`SELECT id, user_id, hidden_at FROM items ORDER BY id`,
    );
    expect(rows.filter((r) => r.hidden_at !== null).length).toBeGreaterThan(0);
    const actors: Actor[] = [
      null,
      { id: alice, isAdmin: false },
      { id: bob, isAdmin: false },
      { id: alice + bob + 1000, isAdmin: false },
      { id: alice + bob + 1001, isAdmin: true },
    ];
    for (const actor of actors) {
      const expected = rows.filter((r) => items.see(actor, { userId: r.user_id, hiddenAt: r.hidden_at })).map((r) => r.id);
      const aliased = await queryRows<{ id: number }>(t.app.db, sql`SELECT id FROM items i WHERE ${itemVisibleTo(actor, 'i')} ORDER BY id`);
      const named = await queryRows<{ id: number }>(t.app.db, sql`SELECT id FROM items WHERE ${itemVisibleTo(actor, 'items')} ORDER BY id`);
      expect(
        aliased.map((r) => Number(r.id)),
        JSON.stringify(actor),
      ).toEqual(expected);
      expect(
        named.map((r) => Number(r.id)),
        JSON.stringify(actor),
      ).toEqual(expected);
    }
  });
});
