import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createSlots } from '../../plugins/slots.js';

// Algorithm.Argon2id: the enum is an ambient const enum, so its value is spelled out here.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20 ms here, far too slow to guess.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run at most one per core at a time. Each takes 19 MiB while it runs; without a bound, a
 * burst of sign-ins runs as many as the thread pool has threads and the process's memory jumps
 * (the allocator keeps what it got). With one per core they finish no later: the work is CPU-bound.
 */
const oneAtATimePerCore = createSlots(Math.max(1, os.availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATimePerCore.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so both failures take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
  return dummyHash;
}
