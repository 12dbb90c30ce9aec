import { describe, expect, it } from 'vitest';
import * as notes from './notes.js';

describe('notes.manage', () => {
  it('lets the author and the admins change and delete a note, nobody else', () => {
    const note = { createdById: 1 };
    expect(notes.manage({ id: 1, isAdmin: false }, note)).toBe(true);
    expect(notes.manage({ id: 3, isAdmin: true }, note)).toBe(true);
    expect(notes.manage({ id: 2, isAdmin: false }, note)).toBe(false);
    expect(notes.manage(null, note)).toBe(false);
  });

  it('leaves a note whose author is gone to the admins', () => {
    expect(notes.manage({ id: 3, isAdmin: true }, { createdById: null })).toBe(true);
    expect(notes.manage({ id: 0, isAdmin: false }, { createdById: null })).toBe(false);
  });
});
