import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpCatcher } from '../src/server/test/smtp.js';

/**
 * Starts a real SMTP server for the browser tests' app server (its SMTP_URL, playwright.config.ts):
 * every mail it receives is appended as a JSON line to E2E_DATA_DIR/mail-inbox.jsonl, which
 * e2e/fixtures.ts (mailTo) reads. Stopped when the run ends.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const inbox = path.join(process.env.E2E_DATA_DIR!, 'mail-inbox.jsonl');
  const catcher = await startSmtpCatcher({
    port: Number(process.env.E2E_SMTP_PORT),
    onMail: (mail) => appendFileSync(inbox, `${JSON.stringify(mail)}\n`),
  });
  return () => catcher.close();
}
