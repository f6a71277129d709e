// Delivering a report: email over SMTP (nodemailer) with attachments or inline images and a link back, or a webhook
// POST with a JSON body; each recipient retried with backoff, the mail server's answer kept for the log.

import type { SupportedLocale } from '@nezha/core';
import nodemailer from 'nodemailer';
import type { AppContext } from '../app/context.js';
import { translate } from '../i18n/messages.js';
import { emailTargets } from './schedule-rules.js';

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shown in the mail body (PNG) rather than only attached. */
  inline?: boolean;
}

export interface Notification {
  /** The mail's subject, Superset's `[Report] <name>` / `[Alert] <name>`. */
  subject: string;
  name: string;
  type: string;
  description: string | null;
  /** Link back to the chart or dashboard (absolute). */
  url: string | null;
  /** HTML put in the body (TEXT reports' table). */
  html: string | null;
  attachments: Attachment[];
  /** Extra fields for the webhook's JSON body. */
  data: Record<string, unknown>;
  /** The language of the mail's own words (its subject is already written in it); English when absent. */
  locale?: SupportedLocale;
}

export interface RecipientTarget {
  type: string;
  target: string;
}

/** What a recipient's delivery ended with: the SMTP server's (or webhook's) last answer. */
export interface DeliveryResult {
  recipient: RecipientTarget;
  ok: boolean;
  answer: string;
  attempts: number;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

function mailBody(note: Notification): string {
  const parts = [`<p>${escapeHtml(note.description ?? '')}</p>`];
  if (note.url) {
    const label = translate(note.locale ?? 'en', 'Explore in Nezha');
    parts.push(`<p><a href="${escapeHtml(note.url)}">${escapeHtml(label)}</a></p>`);
  }
  if (note.html) parts.push(note.html);
  note.attachments.forEach((file, index) => {
    if (file.inline) parts.push(`<img src="cid:image${index}" alt="${escapeHtml(file.filename)}">`);
  });
  return `<html><body>${parts.join('\n')}</body></html>`;
}

function transport(ctx: AppContext) {
  const smtp = ctx.config.smtp;
  if (!smtp.host) return null;
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.ssl,
    requireTLS: smtp.starttls && !smtp.ssl,
    ignoreTLS: !smtp.starttls && !smtp.ssl,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
}

async function sendEmail(ctx: AppContext, to: string[], note: Notification): Promise<string> {
  const mailer = transport(ctx);
  if (!mailer) throw new Error('No mail server is configured (SMTP_HOST).');
  try {
    const info = await mailer.sendMail({
      from: ctx.config.smtp.mailFrom,
      to,
      subject: note.subject,
      html: mailBody(note),
      attachments: note.attachments.map((file, index) => ({
        filename: file.filename,
        content: file.content,
        contentType: file.contentType,
        ...(file.inline ? { cid: `image${index}`, contentDisposition: 'inline' as const } : {}),
      })),
    });
    return String(info.response ?? '');
  } finally {
    mailer.close();
  }
}

async function postWebhook(url: string, note: Notification, signal: AbortSignal): Promise<string> {
  const body = {
    name: note.name,
    type: note.type,
    subject: note.subject,
    description: note.description,
    url: note.url,
    ...note.data,
    attachments: note.attachments.map((file) => ({
      filename: file.filename,
      content_type: file.contentType,
      content_base64: file.content.toString('base64'),
    })),
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
    redirect: 'error',
  });
  // The answer's body is never kept: the log is shown to the report's owners, and a webhook may point anywhere
  // the worker reaches, so echoing it would let a report read internal pages.
  await response.body?.cancel();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return `HTTP ${response.status}`;
}

/** The server's own words when it refused (nodemailer puts the SMTP reply on `response`). */
function answerOf(error: unknown): string {
  if (error && typeof error === 'object' && 'response' in error && typeof error.response === 'string') {
    return error.response;
  }
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Delivers to every recipient; one failing never stops the others. */
export async function deliver(
  ctx: AppContext,
  recipients: readonly RecipientTarget[],
  note: Notification,
  signal: AbortSignal,
): Promise<DeliveryResult[]> {
  const { deliveryAttempts, retryBaseMs } = ctx.config.reports;
  const results: DeliveryResult[] = [];
  for (const recipient of recipients) {
    let attempts = 0;
    let last = '';
    let ok = false;
    while (attempts < deliveryAttempts && !ok) {
      attempts += 1;
      try {
        last =
          recipient.type === 'Email'
            ? await sendEmail(ctx, emailTargets(recipient.target), note)
            : await postWebhook(recipient.target, note, signal);
        ok = true;
      } catch (error) {
        last = answerOf(error);
        console.error(`report "${note.name}": delivery to ${recipient.type} ${recipient.target} failed: ${last}`);
        if (attempts < deliveryAttempts) await sleep(retryBaseMs * 2 ** (attempts - 1), signal);
      }
    }
    if (ok) console.log(`report "${note.name}": delivered to ${recipient.type} ${recipient.target}: ${last}`);
    results.push({ recipient, ok, answer: last, attempts });
  }
  return results;
}
