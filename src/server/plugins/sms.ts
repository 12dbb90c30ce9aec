import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { isSendableNumber } from '../phone.js';
import { syncPlugin } from './sync-plugin.js';

/** The one way SMS leave the app. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** `+15550100` -> `+1*****00`: enough to tell messages apart in a log, not to reveal the number. */
export const maskPhone = (phone: string) =>
  phone.length <= 4 ? '****' : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 4)}${phone.slice(-2)}`;

/**
 * Writes each message as one log line (the operator's view) and, when configured, one JSON line
 * to an outbox file (what tests and local development read codes from). In production the text
 * is never logged: it carries codes.
 */
export function consoleSender(log: FastifyBaseLogger, opts: { production: boolean; outboxFile?: string }): SmsSender {
  return {
    async send(to, body) {
      if (opts.production) log.info({ to: maskPhone(to) }, 'SMS (console sender; text hidden in production)');
      else log.info({ to, sms: body }, `SMS to ${to}: ${body}`);
      if (opts.outboxFile) await appendFile(opts.outboxFile, `${JSON.stringify({ to, body, at: new Date().toISOString() })}\n`);
    },
  };
}

/** Sends through a Twilio-compatible Messages API (form post with basic auth). */
function twilioSender(cfg: { accountSid: string; authToken: string; from: string; apiUrl: string }): SmsSender {
  const url = `${cfg.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: cfg.from, Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}

/** Sends only to valid numbers written in E.164 (src/server/phone.ts); anything else is an error, not a message. */
export function e164Only(sender: SmsSender): SmsSender {
  return {
    async send(to, body) {
      if (!isSendableNumber(to)) throw new Error(`not a valid E.164 number: ${maskPhone(to)}`);
      await sender.send(to, body);
    },
  };
}

function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.sms.provider === 'twilio') return e164Only(twilioSender(config.sms));
  if (config.env === 'production') log.warn('SMS_PROVIDER is console: phone and reset codes are not delivered to anyone');
  return e164Only(consoleSender(log, { production: config.env === 'production', outboxFile: config.sms.outboxFile }));
}

/** Decorates `sms`: the sender the config chooses. */
export const smsPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    app.decorate('sms', createSmsSender(app.config, app.log));
  }),
  { name: 'sms', decorators: { fastify: ['config'] } },
);
