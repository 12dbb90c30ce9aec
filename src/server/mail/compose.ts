// Every e-mail the app sends is composed here (docs/decisions/013-email.md): in the recipient's
// language, with a plain-text part and a small HTML part saying the same, the product's name, a
// footer naming the site, and, for mail a person can opt out of (notifications), the one-click
// unsubscribe headers of RFC 8058 and a link to the unsubscribe page.
import { PRODUCT_NAME } from '#shared/constants.js';
import { DEFAULT_LANGUAGE, languageOrUndefined, type Message, type MessageValues } from '#shared/i18n.js';
import { translate } from '../i18n.js';
import type { Mail } from '../plugins/mail.js';
import { escapeHtml } from '../plugins/client.js';

/** The texts of the e-mails (src/locales/<language>/server.json, `mail`). */
export const MAIL_MSG = {
  footer: 'server.mail.footer',
  unsubscribe: 'server.mail.unsubscribe',
  orOpen: 'server.mail.orOpen',
  verifySubject: 'server.mail.verify.subject',
  verifyBody: 'server.mail.verify.body',
  verifyAction: 'server.mail.verify.action',
  inUseSubject: 'server.mail.inUse.subject',
  inUseBody: 'server.mail.inUse.body',
  changedSubject: 'server.mail.changed.subject',
  changedBody: 'server.mail.changed.body',
  removedSubject: 'server.mail.removed.subject',
  removedBody: 'server.mail.removed.body',
  resetSubject: 'server.mail.reset.subject',
  resetBody: 'server.mail.reset.body',
} as const;

export interface MailContent {
  to: string;
  /** The recipient's stored language (null or unknown: English). */
  language: string | null;
  /** The site's absolute address (PUBLIC_URL), named in the footer. */
  site: string;
  subject: Message;
  /** The body, one paragraph each. */
  paragraphs: Message[];
  /** Values for the placeholders of the subject and every paragraph (`{product}` is always there). */
  values?: MessageValues;
  /** A list of links after the paragraphs (a digest's news, each with its own address). */
  list?: { text: Message; url: string }[];
  /** A button (and the same link written out in the text part). */
  action?: { label: Message; url: string };
  /**
   * For mail a person can opt out of: `oneClickUrl` (POSTed by the mail program, RFC 8058) goes in
   * the List-Unsubscribe header, `pageUrl` (a page with a button) in the footer. See unsubscribe.ts.
   */
  unsubscribe?: { oneClickUrl: string; pageUrl: string };
}

const HTML_STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px 24px',
  brand: 'margin:0 0 20px;font-size:20px;font-weight:700;color:#15803d',
  text: 'margin:0 0 16px;font-size:16px;line-height:1.5',
  button: 'display:inline-block;padding:12px 20px;border-radius:8px;background:#15803d;color:#ffffff;font-weight:600;text-decoration:none',
  list: 'margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5',
  small: 'margin:16px 0 0;font-size:13px;line-height:1.5;color:#52525b;word-break:break-all',
  footer: 'max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#71717a;text-align:center',
};

/** Composes one mail: subject, text part, HTML part and headers. */
export function composeMail(content: MailContent): Mail {
  const language = languageOrUndefined(content.language) ?? DEFAULT_LANGUAGE;
  const values = { ...content.values, product: PRODUCT_NAME, site: content.site };
  const say = (message: Message) => translate(language, message, values);
  const paragraphs = content.paragraphs.map(say);
  const list = (content.list ?? []).map((entry) => ({ text: say(entry.text), url: entry.url }));
  const footer = say(MAIL_MSG.footer);
  const action = content.action && { label: say(content.action.label), url: content.action.url };
  const unsubscribe = content.unsubscribe && { label: say(MAIL_MSG.unsubscribe), ...content.unsubscribe };

  const text = [
    PRODUCT_NAME,
    ...paragraphs,
    ...(list.length > 0 ? [list.map((entry) => `- ${entry.text}\n  ${entry.url}`).join('\n')] : []),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ['--', footer, ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.pageUrl}`] : [])].join('\n'),
  ].join('\n\n');

  const p = (html: string, style = HTML_STYLE.text) => `<p style="${style}">${html}</p>`;
  const link = (url: string, label: string, style = '') =>
    `<a href="${escapeHtml(url)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(say(content.subject))}</title></head>`,
    `<body style="${HTML_STYLE.body}"><div style="${HTML_STYLE.card}">`,
    p(escapeHtml(PRODUCT_NAME), HTML_STYLE.brand),
    ...paragraphs.map((paragraph) => p(escapeHtml(paragraph))),
    ...(list.length > 0
      ? [
          `<ul style="${HTML_STYLE.list}">`,
          ...list.map((entry) => `<li style="margin:0 0 8px">${link(entry.url, entry.text)}</li>`),
          '</ul>',
        ]
      : []),
    ...(action
      ? [
          p(link(action.url, action.label, HTML_STYLE.button)),
          p(`${escapeHtml(say(MAIL_MSG.orOpen))}<br>${link(action.url, action.url)}`, HTML_STYLE.small),
        ]
      : []),
    `</div><div style="${HTML_STYLE.footer}">`,
    p(escapeHtml(footer), ''),
    ...(unsubscribe ? [p(link(unsubscribe.pageUrl, unsubscribe.label, 'color:#71717a'), '')] : []),
    '</div></body></html>',
  ].join('\n');

  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { to: content.to, subject: say(content.subject), text, html, headers };
}
