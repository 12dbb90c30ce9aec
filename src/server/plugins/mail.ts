import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { UnsubscribeTopics } from '../mail/unsubscribe.js';
import { syncPlugin } from './sync-plugin.js';

/** One e-mail, composed (src/server/mail/compose.ts): both parts, and any extra headers (List-Unsubscribe). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** The one way e-mail leaves the app. */
export interface MailSender {
  send(mail: Mail): Promise<void>;
  /** Lets go of any open connection (the app's onClose). */
  close(): void;
}

/** `someone@example.org` -> `s*****e@example.org`: enough to tell mails apart in a log, not to reveal the address. */
const maskEmail = (address: string) => {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const masked = local.length <= 2 ? '**' : `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}`;
  return at < 0 ? masked : `${masked}${address.slice(at)}`;
};

/**
 * Development's sender, like the console SMS sender: one log line per mail (with its text outside
 * production; in production only the masked address, as mails carry links and codes) and, when
 * configured, one JSON line per mail in an outbox file (what local development and tests read).
 */
function consoleMailSender(log: FastifyBaseLogger, opts: { production: boolean; from: string; outboxFile?: string }): MailSender {
  return {
    async send(mail) {
      if (opts.production) log.info({ to: maskEmail(mail.to) }, 'e-mail (console sender; text hidden in production)');
      else log.info({ to: mail.to, subject: mail.subject, mail: mail.text }, `e-mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      if (opts.outboxFile) {
        const line = { from: opts.from, ...mail, at: new Date().toISOString() };
        await appendFile(opts.outboxFile, `${JSON.stringify(line)}\n`);
      }
    },
    close() {},
  };
}

/** Sends through an SMTP server (nodemailer, pooled connections) at `smtp(s)://user:pass@host:port`. */
function smtpMailSender(smtpUrl: string, from: string): MailSender {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    close() {
      transport.close();
    },
  };
}

export function createMailSender(config: Config, log: FastifyBaseLogger): MailSender {
  if (config.mail.smtpUrl) return smtpMailSender(config.mail.smtpUrl, config.mail.from);
  if (config.env === 'production') log.warn('SMTP_URL is not set: e-mails (address verification, reset codes) are not delivered to anyone');
  return consoleMailSender(log, { production: config.env === 'production', from: config.mail.from, outboxFile: config.mail.outboxFile });
}

/** Decorates `mail` (the sender the config chooses) and `unsubscribeTopics` (none yet: features that send optional mail add theirs). */
export const mailPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    const sender = createMailSender(app.config, app.log);
    app.decorate('mail', sender);
    app.decorate('unsubscribeTopics', new Map() as UnsubscribeTopics);
    app.addHook('onClose', () => sender.close());
  }),
  { name: 'mail', decorators: { fastify: ['config'] } },
);
