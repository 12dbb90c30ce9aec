// Encrypted backups as an operator meets them (docs/operations.md, "Encrypted backups"): the backup
// and restore commands as real processes, with BACKUP_ENCRYPTION_KEY, --identity and
// BACKUP_IDENTITY_FILE; a running PGlite server that takes the backup through its socket; scheduled
// backups; a server refusing to start on a bad key.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledBackup } from '../backup/operations.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `src/server/<script>` as its own process, as `npm run` would (from the sources, through tsx). */
function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'src/server', script), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), NODE_ENV: 'test', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

interface KeyPair {
  identity: string;
  recipient: string;
  /** An identity file as age-keygen writes it. */
  identityFile: string;
}

async function keyPair(dir: string, name: string): Promise<KeyPair> {
  const identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  const identityFile = path.join(dir, `${name}.key`);
  writeFileSync(identityFile, `# created: 2026-12-07T12:00:00Z\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
  return { identity, recipient, identityFile };
}

async function decrypt(file: string, identity: string): Promise<string> {
  const d = new Decrypter();
  d.addIdentity(identity);
  return gunzipSync(await d.decrypt(readFileSync(file))).toString('utf8');
}

let dir: string;
let site: TestApp;
let siteDir: string;
let username: string;
/** The owner's password hash as the database keeps it. */
let passwordHash: string;
/** The operator's key pair, and the one the server was given. */
let operator: KeyPair;
let serverKey: KeyPair;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'share-backup-age-'));
  operator = await keyPair(dir, 'operator');
  serverKey = await keyPair(dir, 'server');
  const recipients = path.join(dir, 'recipients.txt');
  writeFileSync(recipients, `# the backup key\n${serverKey.recipient}\n`);
  siteDir = path.join(dir, 'site');
  // A running server on a real PGlite folder with a recipients file, as `npm start` has it.
  site = await createTestApp(
    { DATA_DIR: siteDir, BACKUP_ENCRYPTION_KEY: recipients },
    { pgliteDir: path.join(siteDir, 'pglite'), dataDir: siteDir, databaseUrl: undefined },
  );
  username = uniqueName('keeper');
  await new TestClient(site.app).register(username, 'encrypted-backup-pw');
  const rows = await site.app.database.transaction('snapshot', (q) => q(`select password from users where username = $1`, [username]));
  passwordHash = rows[0]!.password as string;
  expect(passwordHash).toMatch(/^\$argon2/);
}, 120_000);

afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The usernames of a restored PGlite folder. */
async function usernamesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = await database.transaction('snapshot', (q) => q(`select username from users order by username`));
    return rows.map((r) => r.username as string);
  } finally {
    await database.close();
  }
}

describe('encrypted backups (BACKUP_ENCRYPTION_KEY)', { timeout: 120_000 }, () => {
  let encrypted: string;

  it('the backup command writes FILE.age, encrypted to its key: not gzip, no secret in its bytes; the identity opens it', async () => {
    const res = await run('cli/backup.ts', ['--out', path.join(dir, 'site.backup.gz'), '--quiet'], {
      DATA_DIR: siteDir,
      BACKUP_ENCRYPTION_KEY: operator.recipient,
    });
    encrypted = path.join(dir, 'site.backup.gz.age');
    expect(res.stdout.trim()).toMatch(
      new RegExp(
        `^Backup written to ${encrypted.replace(/[.]/g, '\\.')} \\([\\d.]+ MB, from the running server, encrypted to one key\\): \\d+ rows`,
      ),
    );
    expect(res.code).toBe(0);
    const bytes = readFileSync(encrypted);
    expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');
    expect(() => gunzipSync(bytes)).toThrow();
    for (const secret of [username, passwordHash]) expect(bytes.includes(secret)).toBe(false);
    // The command's own key, not the server's, and the plaintext holds what the bytes hide.
    const plain = await decrypt(encrypted, operator.identity);
    expect(plain).toContain(username);
    expect(plain).toContain(passwordHash);
    await expect(decrypt(encrypted, serverKey.identity)).rejects.toThrow(/no identity matched/);
  });

  it('without a key of its own the command encrypts to the running server’s', async () => {
    const out = path.join(dir, 'server-key.backup.gz');
    const res = await run('cli/backup.ts', ['--out', out, '--quiet'], { DATA_DIR: siteDir });
    expect(res.stdout).toContain(`Backup written to ${out}.age (`);
    expect(res.code).toBe(0);
    expect(await decrypt(`${out}.age`, serverKey.identity)).toContain(passwordHash);
  });

  it('restore with the identity brings the data back; with none, a wrong one or a public key, one line, exit 1, nothing changed', async () => {
    const target = path.join(dir, 'restored');
    const restored = await run('cli/restore.ts', [encrypted, '--identity', operator.identityFile, '--quiet'], { DATA_DIR: target });
    expect(restored.stdout).toMatch(/^Restored .*site\.backup\.gz\.age .* \d+ rows/);
    expect(restored.code).toBe(0);
    expect(await usernamesIn(target)).toContain(username);

    const publicOnly = path.join(dir, 'public.txt');
    writeFileSync(publicOnly, `${operator.recipient}\n`);
    const [missing, wrong, notIdentity] = await Promise.all([
      run('cli/restore.ts', [encrypted, '--force'], { DATA_DIR: target }),
      // BACKUP_IDENTITY_FILE stands for --identity.
      run('cli/restore.ts', [encrypted, '--force'], { DATA_DIR: target, BACKUP_IDENTITY_FILE: serverKey.identityFile }),
      run('cli/restore.ts', [encrypted, '--force', '--identity', publicOnly], { DATA_DIR: target }),
    ]);
    expect(missing.stderr).toBe(
      `restore: ${encrypted} is encrypted (age): give the identity that opens it, the secret key file, with --identity FILE or BACKUP_IDENTITY_FILE\n`,
    );
    expect(wrong.stderr).toBe(
      `restore: ${encrypted} is encrypted to another key: the identity in ${serverKey.identityFile} does not open it\n`,
    );
    expect(notIdentity.stderr).toMatch(/^restore: the identity file .*public\.txt holds a public key \(age1…, line 1\)[^\n]*\n$/);
    for (const res of [missing, wrong, notIdentity]) expect(res.code).toBe(1);
    // --force was given, yet the restored site is as it was.
    expect(await usernamesIn(target)).toContain(username);
  });

  it('a damaged encrypted file changes nothing', async () => {
    const bytes = readFileSync(encrypted);
    const truncated = path.join(dir, 'truncated.backup.gz.age');
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    const target = path.join(dir, 'r-damaged');
    const res = await run('cli/restore.ts', [truncated, '--identity', operator.identityFile, '--quiet'], { DATA_DIR: target });
    expect(res.stderr).toMatch(/^restore: .*truncated\.backup\.gz\.age is not a backup or is damaged/);
    expect(res.code).toBe(1);
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);
  });

  it('scheduled backups are encrypted to every key of the file and rotate with the plain ones', async () => {
    const backupDir = path.join(dir, 'scheduled');
    mkdirSync(backupDir);
    writeFileSync(path.join(backupDir, 'sharenearby-20260101T000000Z.backup.gz'), 'old plain');
    writeFileSync(path.join(backupDir, 'sharenearby-20260102T000000Z.backup.gz.age'), 'old encrypted');
    writeFileSync(path.join(backupDir, 'sharenearby-20260103T000000Z.backup.gz'), 'newer plain');
    // Two keys in a recipients file: either opens every file.
    const twoKeys = path.join(dir, 'two-keys.txt');
    writeFileSync(twoKeys, `# the operator\n${operator.recipient}\n\n# the spare, kept elsewhere\n${serverKey.recipient}\n`);
    const scheduled = loadConfig({ BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2', BACKUP_ENCRYPTION_KEY: twoKeys });
    expect(scheduled.backupRecipients).toEqual([operator.recipient, serverKey.recipient]);
    const config = { ...site.config, backup: scheduled.backup, backupRecipients: scheduled.backupRecipients };
    const result = await scheduledBackup(site.app.database, config);
    expect(result.outcome).toBe('written');
    const names = readdirSync(backupDir).sort();
    expect(names).toEqual(['sharenearby-20260103T000000Z.backup.gz', path.basename((result as { file: string }).file)]);
    expect(names[1]).toMatch(/^sharenearby-\d{8}T\d{6}Z\.backup\.gz\.age$/);
    const written = path.join(backupDir, names[1]!);
    expect(readFileSync(written).includes(passwordHash)).toBe(false);
    expect(await decrypt(written, operator.identity)).toContain(passwordHash);
    expect(await decrypt(written, serverKey.identity)).toContain(passwordHash);
    // A day on, the next encrypted one pushes the plain one out.
    const tomorrow = () => new Date(Date.now() + 25 * 3600_000);
    expect((await scheduledBackup(site.app.database, config, tomorrow)).outcome).toBe('written');
    const after = readdirSync(backupDir).sort();
    expect(after).toHaveLength(2);
    expect(after.every((n) => n.endsWith('.backup.gz.age'))).toBe(true);
  });

  it('a bad key stops the server at start, naming the variable; a secret key is refused too', async () => {
    const [bad, secret] = await Promise.all([
      run('main.ts', [], { DATA_DIR: path.join(dir, 'never'), BACKUP_ENCRYPTION_KEY: 'age1notakey' }),
      run('main.ts', [], { DATA_DIR: path.join(dir, 'never'), BACKUP_ENCRYPTION_KEY: operator.identityFile }),
    ]);
    expect(bad.stderr).toContain('BACKUP_ENCRYPTION_KEY: age1notakey is not an age recipient');
    expect(secret.stderr).toMatch(/BACKUP_ENCRYPTION_KEY: line 3 of .*operator\.key is a secret key/);
    expect(secret.stderr).not.toContain(operator.identity);
    for (const res of [bad, secret]) expect(res.code).toBe(1);
    expect(readdirSync(dir)).not.toContain('never');
  });
});
