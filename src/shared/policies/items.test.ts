import { describe, expect, it } from 'vitest';
import * as items from './items.js';

const owner = { id: 1, isAdmin: false };
const other = { id: 2, isAdmin: false };
const promisee = { id: 3, isAdmin: false };
const admin = { id: 4, isAdmin: true };

const item = { userId: 1, hiddenAt: null, promisedToId: null, status: 'available', exactLocation: false };
const hidden = { ...item, hiddenAt: new Date('2026-12-01T00:00:00Z') };
const promised = { ...item, status: 'promised', promisedToId: 3 };

describe('items.see', () => {
  it('shows an item that is not hidden to everyone, visitors too', () => {
    for (const actor of [owner, other, admin, null]) expect(items.see(actor, item)).toBe(true);
  });

  it('shows a hidden item to its owner and the admins only', () => {
    expect(items.see(owner, hidden)).toBe(true);
    expect(items.see(admin, hidden)).toBe(true);
    expect(items.see(other, hidden)).toBe(false);
    expect(items.see(null, hidden)).toBe(false);
    // The client's answers carry the time as text.
    expect(items.see(other, { ...item, hiddenAt: '2026-12-01T00:00:00.000Z' })).toBe(false);
  });
});

describe('items.manage', () => {
  it('lets the owner and the admins change and delete, nobody else', () => {
    expect(items.manage(owner, item)).toBe(true);
    expect(items.manage(admin, item)).toBe(true);
    expect(items.manage(other, item)).toBe(false);
    expect(items.manage(promisee, promised)).toBe(false);
    expect(items.manage(null, item)).toBe(false);
  });
});

describe('items.seeExactPlace', () => {
  it('shows the exact place to the owner and, while promised or taken, to the promisee', () => {
    expect(items.seeExactPlace(owner, item)).toBe(true);
    expect(items.seeExactPlace(promisee, promised)).toBe(true);
    expect(items.seeExactPlace(promisee, { ...promised, status: 'taken' })).toBe(true);
    expect(items.seeExactPlace(promisee, { ...promised, status: 'available' })).toBe(false);
    expect(items.seeExactPlace(other, promised)).toBe(false);
    expect(items.seeExactPlace(null, promised)).toBe(false);
  });

  it('not to the admins, unless the owner chose to show it to everyone', () => {
    expect(items.seeExactPlace(admin, item)).toBe(false);
    for (const actor of [owner, other, admin, null]) expect(items.seeExactPlace(actor, { ...item, exactLocation: true })).toBe(true);
  });
});

describe('items.seePromisee', () => {
  it('names the promisee to the owner, the promisee and the admins', () => {
    expect(items.seePromisee(owner, promised)).toBe(true);
    expect(items.seePromisee(promisee, promised)).toBe(true);
    expect(items.seePromisee(admin, promised)).toBe(true);
    expect(items.seePromisee(other, promised)).toBe(false);
    expect(items.seePromisee(null, promised)).toBe(false);
  });

  it('is no promisee once the item is available again', () => {
    expect(items.isPromisee(promisee, promised)).toBe(true);
    expect(items.isPromisee(promisee, { ...promised, status: 'available' })).toBe(false);
    expect(items.seePromisee(promisee, { ...promised, status: 'available' })).toBe(false);
  });
});

describe('items.takesPartInHandOver', () => {
  it('is the giver and the receiver, not the admins nor anyone else', () => {
    const given = { ...item, status: 'taken', promisedToId: 3 };
    expect(items.takesPartInHandOver(owner, given)).toBe(true);
    expect(items.takesPartInHandOver(promisee, given)).toBe(true);
    expect(items.takesPartInHandOver(admin, given)).toBe(false);
    expect(items.takesPartInHandOver(other, given)).toBe(false);
    expect(items.takesPartInHandOver(null, given)).toBe(false);
    expect(items.takesPartInHandOver(promisee, { ...given, promisedToId: null })).toBe(false);
  });
});
