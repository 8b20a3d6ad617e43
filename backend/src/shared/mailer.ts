import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  /** Files sent with it (a receipt's PDF), in nodemailer's shape. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends one mail or rejects; injected into createApp so tests can swap it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export const MAIL_TIMEOUT_MS = 10_000;

/** Rejects after `ms` even if the SMTP conversation is still going, so a request never hangs. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('SMTP send timed out'), { code: 'ETIMEDOUT' })), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function createSmtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? MAIL_TIMEOUT_MS;
  // A few connections kept open and reused: an order's two mails do not each open a new
  // conversation (connect, greeting, EHLO), which cost the API's thread more than the order itself.
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
  return {
    async send(mail) {
      await withDeadline(transport.sendMail({ from: options.from, ...mail }), timeout);
    },
  };
}

/** Without SMTP (development), each mail is written as an .eml file a developer can open. */
export function createOutboxMailer(options: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(options.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`), info.message as Buffer);
    },
  };
}

export function createMailer(config: AppConfig): Mailer {
  const { smtpUrl, from } = config.mail;
  return smtpUrl ? createSmtpMailer({ url: smtpUrl, from }) : createOutboxMailer({ dir: outboxDir(config), from });
}

export const outboxDir = (config: AppConfig) => path.join(config.dataDir, 'outbox');
