// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every mail it is given,
// parsed by mailparser: what the server suite and the browser tests read mails from. Not a mock of
// the transport: the app's nodemailer transport speaks SMTP to it over TCP.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as sent, by lower-case name. */
  headers: Record<string, string>;
}

export interface SmtpCatcher {
  /** For SMTP_URL. */
  url: string;
  port: number;
  mails: CaughtMail[];
  /** Mails to this address so far. */
  to(address: string): CaughtMail[];
  /** The first mail (already here or still to come) that passes `test`, within `ms`. */
  waitFor(test: (mail: CaughtMail) => boolean, ms?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * Starts a catcher on a free port (or `port`); `onMail` sees each mail as it arrives. `closeTimeoutMs`:
 * how long `close` lets open connections (a sender's pool) finish before cutting them (smtp-server: 30 s); a mail
 * that arrives after `close` began is refused with a 421 and not kept, so the sender tries it again.
 */
export async function startSmtpCatcher(
  opts: { port?: number; onMail?: (mail: CaughtMail) => void; closeTimeoutMs?: number } = {},
): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  // Once `close` began, a mail still coming in is refused (421) and not kept: what the catcher keeps
  // is exactly what it acknowledged, as a real server that goes down mid-transaction.
  let closing = false;
  const waiters = new Set<() => boolean>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(opts.closeTimeoutMs === undefined ? {} : { closeTimeout: opts.closeTimeoutMs }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (closing) return callback(Object.assign(new Error('Server shutting down'), { responseCode: 421 }));
          const mail: CaughtMail = {
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
          };
          mails.push(mail);
          opts.onMail?.(mail);
          for (const waiter of [...waiters]) waiter();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(test, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such mail within ${ms} ms; got: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ')}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.close(() => resolve());
      }),
  };
}
