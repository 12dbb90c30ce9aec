// One process at a time on a PGlite folder (docs/decisions/036-one-process-per-pglite-folder.md).
// PGlite keeps the database in the process's memory and writes it back to the folder: a second
// process on the same folder writes over the first one's pages, hands out the same ids, and what
// either wrote can be gone after a restart. So every process that opens a folder holds its lock.
//
// The lock is a folder beside the database, `<folder>.lock`, holding numbered files; the highest
// number is the lock's state: a JSON record of the process that holds it (pid, start time, command
// line), or of one that let it go. Taking it is making the next number with link(2), which fails if
// the name exists, so of two processes only one gets a number; whoever then sees a higher number than
// its own lost a race it could not see and steps back. Nothing is ever replaced or removed in place,
// which is what makes a crashed holder safe to step over: its number stays until a newer one exists.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class FolderLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderLockedError';
  }
}

interface Holder {
  pid: number;
  /** Linux: the boot and the process's start time, so that a reused pid is not taken for the holder. */
  started?: string;
  command: string;
  since: string;
  released?: boolean;
}

export interface FolderLock {
  /** Lets the folder go (again: nothing). */
  release(): void;
}

/** The folders this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

/** Linux: the boot's id and a process's start time in clock ticks since boot; undefined elsewhere or when it is gone. */
function startOf(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name in parentheses (which may hold spaces).
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks ? `${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process a record names is still the one that wrote it. */
function alive(lockDir: string, holder: Holder): boolean {
  if (holder.pid === process.pid) return heldHere.has(lockDir);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: a process of another user has that pid, so it lives.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid lives; after a reboot or once pids wrap around it may be another program's.
  const now = startOf(holder.pid);
  return !(holder.started && now && now !== holder.started);
}

const numbers = (lockDir: string) =>
  readdirSync(lockDir)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    return undefined;
  }
}

/** Writes `holder` to a new file of the lock folder, complete before it gets the name others read. */
function written(lockDir: string, holder: Holder): string {
  const tmp = path.join(lockDir, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(tmp, JSON.stringify(holder));
  return tmp;
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone (another process cleaning up).
  }
}

/**
 * Takes the lock of the PGlite folder `dir` before anything opens it, or throws FolderLockedError
 * naming the folder and the process that holds it. A holder that is gone (killed, crashed) does not
 * hold it: its record is stepped over.
 */
export function lockFolder(dir: string): FolderLock {
  const folder = path.resolve(dir);
  const lockDir = `${folder}.lock`;
  mkdirSync(lockDir, { recursive: true });
  const me: Holder = {
    pid: process.pid,
    started: startOf(process.pid),
    command: [path.basename(process.argv0), ...process.argv.slice(1).map((a) => path.relative(process.cwd(), a) || a)].join(' '),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    const taken = numbers(lockDir);
    const top = taken.at(-1) ?? 0;
    if (top > 0) {
      const holder = readHolder(path.join(lockDir, String(top)));
      // A number whose file is gone was a loser stepping back: look again.
      if (!holder) continue;
      if (!holder.released && alive(lockDir, holder)) {
        throw new FolderLockedError(
          `The database folder ${folder} is in use by another process (pid ${holder.pid}: ${holder.command}, since ${holder.since}). ` +
            'Two processes on one PGlite folder damage it: stop that process first (npm run backup reaches a running server), ' +
            'or run several processes on PostgreSQL (DATABASE_URL, docs/deploy.md).',
        );
      }
    }
    const mine = path.join(lockDir, String(top + 1));
    const tmp = written(lockDir, me);
    try {
      linkSync(tmp, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    } finally {
      removeQuietly(tmp);
    }
    // A higher number made from an older look at the folder than this one's: that process judged
    // the record this one stepped over too, and got there first.
    if (numbers(lockDir).some((n) => n > top + 1)) {
      removeQuietly(mine);
      continue;
    }
    heldHere.add(lockDir);
    for (const n of taken) removeQuietly(path.join(lockDir, String(n)));
    for (const name of readdirSync(lockDir)) {
      // What a process killed between writing and linking left behind.
      const pid = Number(/^\.tmp-(\d+)-/.exec(name)?.[1]);
      if (pid && pid !== process.pid && !alive(lockDir, { pid, command: '', since: '' })) removeQuietly(path.join(lockDir, name));
    }
    let held = true;
    return {
      release() {
        if (!held) return;
        held = false;
        heldHere.delete(lockDir);
        // The number stays, marked let go: numbers only grow, so no later taker can start over at 1
        // beside a process that judged this record a moment before.
        renameSync(written(lockDir, { ...me, released: true }), mine);
      },
    };
  }
  throw new FolderLockedError(`The database folder ${folder} could not be locked: other processes keep taking its lock (${lockDir}).`);
}
