// `npm run admin:create -- --username NAME [--password PASSWORD]`: makes sure this admin exists on
// the configured database (DATABASE_URL or the PGlite in DATA_DIR). Without --password, the
// password is read from ADMIN_PASSWORD or, on a terminal, asked for.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { passwordSchema, usernameSchema } from '#shared/auth.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { passwordProblem } from '../features/auth/password-policy.js';
import { ensureAdmin } from '../features/auth/service.js';
import { type Message, messageId } from '#shared/i18n.js';
import { translate } from '../i18n.js';

/** A command line speaks English: the shared schemas' messages are message ids. */
const english = (message: string) => translate('en', message as Message);

/** Runs the command; answers the exit code and what to print. */
export async function createAdminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  ask?: (q: string) => Promise<string>,
): Promise<{ code: number; output: string }> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { username: { type: 'string' }, password: { type: 'string' } } }).values;
  } catch (err) {
    return { code: 2, output: (err as Error).message };
  }
  const username = usernameSchema.safeParse(args.username ?? '');
  if (!username.success) return { code: 2, output: `--username: ${english(username.error.issues[0]!.message)}` };
  const given = args.password ?? env.ADMIN_PASSWORD ?? (ask ? await ask('Password for the admin: ') : undefined);
  const password = passwordSchema.safeParse(given ?? '');
  if (!password.success) return { code: 2, output: `password: ${english(password.error.issues[0]!.message)}` };
  const problem = passwordProblem(password.data, username.data);
  if (problem) return { code: 2, output: `password: ${english(messageId(problem))}` };

  let config;
  try {
    config = loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
  } catch (err) {
    return { code: 2, output: err instanceof ConfigError ? err.message : String(err) };
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: 1 });
  } catch (err) {
    // Another process holds the PGlite folder, or PostgreSQL cannot be reached: said in one line.
    return { code: 1, output: (err as Error).message };
  }
  try {
    await database.migrate();
    const outcome = await ensureAdmin(database.db, username.data, password.data);
    return { code: 0, output: `Admin ${username.data}: ${outcome}.` };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rl = process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  const { code, output } = await createAdminCommand(process.argv.slice(2), process.env, rl ? (q) => rl.question(q) : undefined);
  rl?.close();
  (code === 0 ? console.log : console.error)(output);
  process.exit(code);
}
