// Encrypted backups (docs/decisions/012-backups.md, "Encryption"): the gzip stream of a backup file
// goes through age (age-encryption.org/v1) to the operator's recipients, public keys that
// BACKUP_ENCRYPTION_KEY names; only the identity, the secret key the operator keeps off the server,
// opens the file again. Both ways are streams of 64 KiB chunks: memory stays flat whatever the size.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupError } from './errors.js';

/** The first line of every age file. */
const AGE_MAGIC = 'age-encryption.org/v1';

/** Recipients restore can decrypt for: X25519 (`age1…`, age-keygen's) and post-quantum hybrid (`age1pq1…`, age-keygen -pq). */
const RESTORABLE_RECIPIENT = /^age1(pq1)?[02-9ac-hj-np-z]+$/;
const SECRET_KEY = /AGE-SECRET-KEY-/i;

/** The non-empty lines of a key file that are not `#` comments, with their line numbers. */
const keyLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), number: i + 1 }))
    .filter(({ line }) => line && !line.startsWith('#'));

/** Throws when `recipient` is no recipient restore can decrypt for; `what` names it in the message (never a secret key itself). */
function checkRecipient(recipient: string, what: string): void {
  if (SECRET_KEY.test(recipient))
    throw new Error(
      `${what} is a secret key (AGE-SECRET-KEY-…): the server must hold only the public key (age1…, which age-keygen -y IDENTITY_FILE prints); keep the secret key off the server`,
    );
  let valid = RESTORABLE_RECIPIENT.test(recipient);
  try {
    if (valid) new Encrypter().addRecipient(recipient);
  } catch {
    valid = false;
  }
  if (!valid) throw new Error(`${what} is not an age recipient (age1… with a valid checksum, as age-keygen prints it)`);
}

/**
 * BACKUP_ENCRYPTION_KEY's recipients: the value itself when it is one (`age1…`), else the lines of
 * the file it names (one recipient a line, `#` comments). Throws an Error whose message says what
 * is wrong, for the configuration's message; a secret key is refused, never printed.
 */
export function parseRecipients(value: string): string[] {
  const text = value.trim();
  if (text.startsWith('age1')) {
    checkRecipient(text, text);
    return [text];
  }
  if (SECRET_KEY.test(text)) checkRecipient(text, 'the value');
  if (!existsSync(text)) throw new Error(`must be an age recipient (age1…) or a file of them; ${text} is neither`);
  let content: string;
  try {
    content = readFileSync(text, 'utf8');
  } catch (err) {
    throw new Error(`cannot read the recipients file ${text}: ${(err as Error).message}`, { cause: err });
  }
  const lines = keyLines(content);
  if (!lines.length) throw new Error(`the recipients file ${text} names no recipient (one age1… a line)`);
  for (const { line, number } of lines) checkRecipient(line, `line ${number} of ${text}`);
  return lines.map(({ line }) => line);
}

/** Whether the file starts as an age file does (its header's first line). */
export async function isAgeFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return start.subarray(0, bytesRead).toString('latin1') === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * The identities of an age identity file (age-keygen's: `AGE-SECRET-KEY-1…` lines, `#` comments).
 * The messages never show a key.
 */
function readIdentities(file: string): string[] {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (err) {
    throw new BackupError(`cannot read the identity file ${file}: ${(err as Error).message}`);
  }
  const lines = keyLines(content);
  if (!lines.length) throw new BackupError(`the identity file ${file} holds no identity (AGE-SECRET-KEY-1… lines, as age-keygen writes)`);
  for (const { line, number } of lines) {
    if (line.startsWith('age1'))
      throw new BackupError(
        `the identity file ${file} holds a public key (age1…, line ${number}): restore needs the secret key of the pair (AGE-SECRET-KEY-1…)`,
      );
    try {
      new Decrypter().addIdentity(line);
    } catch {
      throw new BackupError(`the identity file ${file}, line ${number}, is not an age identity (AGE-SECRET-KEY-1…)`);
    }
  }
  return lines.map(({ line }) => line);
}

/** Node's stream of a web stream, and back: age works on web streams. */
const toWeb = (stream: Readable) => Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>);

/** `plain`'s bytes encrypted to the recipients, as a stream of the age file. */
export async function encryptStream(plain: Readable, recipients: string[]): Promise<Readable> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  return fromWeb(await encrypter.encrypt(toWeb(plain)));
}

/** The identities restore opens an encrypted backup with, and the file they came from (for messages). */
export interface BackupKeys {
  identities: string[];
  file: string;
}

/**
 * The plaintext of the age file `file` streamed by `encrypted`. The header is read before this
 * resolves: no identity of `keys` opening it throws BackupError; damage further on errors the stream.
 */
export async function decryptStream(encrypted: Readable, keys: BackupKeys, file: string): Promise<Readable> {
  const decrypter = new Decrypter();
  for (const identity of keys.identities) decrypter.addIdentity(identity);
  try {
    return fromWeb(await decrypter.decrypt(toWeb(encrypted)));
  } catch (err) {
    encrypted.destroy();
    const message = (err as Error).message;
    if (/no identity matched/.test(message))
      throw new BackupError(`${file} is encrypted to another key: the identity in ${keys.file} does not open it`);
    throw new BackupError(`${file} is not a backup or is damaged (its age header: ${message})`);
  }
}

/** What restore says of an encrypted file when it has no identity. */
export const encryptedWithoutIdentity = (file: string) =>
  `${file} is encrypted (age): give the identity that opens it, the secret key file, with --identity FILE or BACKUP_IDENTITY_FILE`;

/**
 * The keys of the identity file that open the backup `file`, tried on its header now, so that a
 * missing or wrong identity stops a restore before it looks at its target. Undefined for a plain
 * backup, which needs none.
 */
export async function backupKeys(file: string, identityFile: string | undefined): Promise<BackupKeys | undefined> {
  if (!(await isAgeFile(file))) return undefined;
  if (!identityFile) throw new BackupError(encryptedWithoutIdentity(file));
  const keys = { identities: readIdentities(identityFile), file: identityFile };
  const input = createReadStream(file);
  (await decryptStream(input, keys, file)).destroy();
  input.destroy();
  return keys;
}
