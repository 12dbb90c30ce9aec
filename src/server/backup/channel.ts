// The local-only channel through which `npm run backup` asks a running server on PGlite for a
// backup: PGlite is one process's database, so only the server itself can read it while it runs.
// A Unix socket in DATA_DIR, readable and writable by its owner only (mode 0600): whoever can use
// it could read DATA_DIR anyway. Nothing of it is reachable over the network.
import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BackupError, type LineSink, streamSink } from './format.js';

/** Unix sockets' paths are limited to about 100 bytes. */
const MAX_SOCKET_PATH = 100;

export const socketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

export type BackupRequest = 'backup' | 'backup-tables';

/** Whether a server answers on the socket. */
export function serverAnswers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.connect(socket);
    conn.once('connect', () => {
      conn.end('ping\n');
      resolve(true);
    });
    conn.once('error', () => resolve(false));
  });
}

/**
 * Listens on the socket; each connection sends one request line and gets the backup's lines, or
 * one `{"error": ...}` line. Answers the function that stops it, or undefined when it could not
 * listen (a path too long for a socket, another server on this DATA_DIR).
 */
export async function serveBackups(
  socket: string,
  run: (request: BackupRequest, sink: LineSink) => Promise<void>,
  log: { warn: (obj: object, msg: string) => void },
): Promise<(() => Promise<void>) | undefined> {
  if (socket.length > MAX_SOCKET_PATH) {
    log.warn({ socket }, 'DATA_DIR is too long a path for the backup socket: npm run backup cannot reach this server (stop it to back up)');
    return undefined;
  }
  if (await serverAnswers(socket)) {
    log.warn({ socket }, 'another server answers on the backup socket of this DATA_DIR: two servers on one PGlite folder damage it');
    return undefined;
  }
  await rm(socket, { force: true });
  const running = new Set<Promise<void>>();
  const server = net.createServer((conn) => {
    conn.on('error', () => undefined);
    const lines = createInterface({ input: conn, crlfDelay: Infinity });
    lines.once('line', (request) => {
      lines.close();
      if (request !== 'backup' && request !== 'backup-tables') {
        conn.end();
        return;
      }
      const task = run(request, streamSink(conn))
        .catch((err: unknown) => {
          if (!conn.destroyed) conn.write(`${JSON.stringify({ error: (err as Error).message })}\n`);
        })
        .finally(() => {
          conn.end();
          running.delete(task);
        });
      running.add(task);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  await chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.allSettled([...running]);
    await rm(socket, { force: true });
  };
}

/**
 * Asks the server on the socket for a backup; each line goes to `onLine`. Answers false when no
 * server listens there (the caller opens the database itself). A server with BACKUP_ENCRYPTION_KEY
 * first sends its recipients (`{"encryptTo": [...]}`), which go to `onEncryptTo`: the file is
 * encrypted to them when the command's own environment names none.
 */
export function requestBackup(
  socket: string,
  request: BackupRequest,
  onLine: (line: string) => Promise<void>,
  onEncryptTo?: (recipients: string[]) => void,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socket);
    let connected = false;
    conn.once('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(false);
      else reject(new BackupError(`the server's backup stopped: ${err.message}`));
    });
    conn.once('connect', () => {
      connected = true;
      conn.write(`${request}\n`);
      void (async () => {
        let last = '';
        try {
          for await (const line of createInterface({ input: conn, crlfDelay: Infinity })) {
            if (line.startsWith('{"error":'))
              throw new BackupError(`the server could not back up: ${(JSON.parse(line) as { error: string }).error}`);
            if (line.startsWith('{"encryptTo":')) {
              onEncryptTo?.((JSON.parse(line) as { encryptTo: string[] }).encryptTo);
              continue;
            }
            last = line;
            await onLine(line);
          }
          if (!last.startsWith('{"manifest":')) throw new BackupError('the server stopped before the backup was complete');
          resolve(true);
        } catch (err) {
          conn.destroy();
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      })();
    });
  });
}

/** Lines handed from a writer to a reader, at most `limit` waiting: memory stays flat. */
export class LineQueue implements AsyncIterable<string> {
  private readonly lines: string[] = [];
  private ended = false;
  private failure?: Error;
  private wakeReader?: () => void;
  private wakeWriter?: () => void;

  constructor(private readonly limit = 2000) {}

  readonly write: LineSink = async (line) => {
    while (this.lines.length >= this.limit && !this.failure) await new Promise<void>((r) => (this.wakeWriter = r));
    if (this.failure) throw this.failure;
    this.lines.push(line);
    this.wakeReader?.();
  };

  end(err?: Error): void {
    this.ended = true;
    this.failure ??= err;
    this.wakeReader?.();
  }

  /** The reader gave up: the writer's next write throws. */
  fail(err: Error): void {
    this.failure ??= err;
    this.wakeWriter?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    for (;;) {
      if (this.lines.length) {
        const line = this.lines.shift()!;
        this.wakeWriter?.();
        yield line;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((r) => (this.wakeReader = r));
    }
  }
}
