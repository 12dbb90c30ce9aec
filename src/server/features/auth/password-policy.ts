// Passwords nobody should use (ASVS 2.1.7, NIST SP 800-63B 5.1.1.2): one built from the user name,
// or one from a list of the passwords that guessers try first. The list is zxcvbn-ts's common
// passwords (@zxcvbn-ts/language-common, MIT: about 49,000 passwords from breaches, most used
// first), read on first use. Checked on the server only: the list is too large for the page, and
// the page shows the server's message.
import { createRequire } from 'node:module';
import type { Message } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';

let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

const alphanumeric = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** Whether `text` is `unit` once or more in a row ("adminadmin" of "admin"). */
const repeats = (text: string, unit: string) =>
  unit.length > 0 && text.length % unit.length === 0 && unit.repeat(text.length / unit.length) === text;

/**
 * What is wrong with this password for this user name, or null. Built from the user name: it holds
 * the name in any letter case ("adminadmin12" for admin), or is the name repeated with only
 * punctuation between ("Site-Admin!!", "site.admin site.admin"). Common: in the list, in any letter
 * case, also with symbols around it ("Password1!").
 */
export function passwordProblem(password: string, username: string): Message | null {
  const lower = password.toLowerCase();
  const name = username.toLowerCase();
  if (name.length > 0 && (lower.includes(name) || repeats(alphanumeric(password), alphanumeric(username)))) return MSG.passwordHasUsername;
  const list = commonPasswords();
  const trimmed = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  if (list.has(lower) || list.has(trimmed)) return MSG.passwordCommon;
  return null;
}
