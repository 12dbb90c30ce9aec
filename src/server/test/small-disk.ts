// A real small filesystem for tests of a full or read-only disk: a tmpfs mounted in a new temporary
// folder (this needs root, as CI runs), filled by a file of its own, remounted read-only on demand.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  /** Where it is mounted. */
  dir: string;
  /** Bytes free for an unprivileged writer. */
  free(): number;
  /** Fills it with one file until `leaveBytes` (rounded up to whole pages) are left, or frees that file with `null`. */
  fill(leaveBytes: number | null): void;
  /** Remounts it read-only (true) or writable again (false). */
  readOnly(on: boolean): void;
  /** Unmounts it and removes its folder. */
  close(): void;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Mounts a tmpfs of `size` (mount's notation: `8m`) in a new temporary folder. */
export function mountSmallDisk(size: string): SmallDisk {
  if (!isRoot) throw new Error('a test of a full disk mounts a small tmpfs, which needs root: run it as root (as CI does)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'share-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    fill(leaveBytes) {
      rmSync(filler, { force: true });
      if (leaveBytes === null) return;
      const page = statfsSync(dir).bsize;
      writeFileSync(filler, Buffer.alloc(Math.max(0, free() - Math.ceil(leaveBytes / page) * page)));
    },
    readOnly(on) {
      execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir]);
    },
    close() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
