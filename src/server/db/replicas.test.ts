import { describe, expect, it } from 'vitest';
import { parseLsn } from './replicas.js';

describe('parseLsn', () => {
  it('reads PostgreSQL WAL positions in order, and nothing else', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    for (const bad of [undefined, null, '', '0', '0/', '/1', 'x/1', '0/1/2', '123456789/0', '0/1; drop table items', ' 0/1']) {
      expect(parseLsn(bad)).toBeUndefined();
    }
  });
});
