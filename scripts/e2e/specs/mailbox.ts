import fs from 'node:fs';
import path from 'node:path';
import { MAIL_FILE } from '../stack';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * The newest mail to `address` the stack's local SMTP server received (scripts/e2e/stack.js), waiting
 * for it; with `containing`, the newest whose text (as a reader sees it) holds those words, waiting
 * for it too: a mail sent after the answer (a class's promotion) may come after an older one.
 */
export async function mailTo(address: string, timeoutMs = 10_000, containing?: string): Promise<ReceivedMail> {
  const file = path.join(process.env.E2E_WORK_DIR ?? '', MAIL_FILE);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    const received = lines.map((line) => JSON.parse(line) as ReceivedMail);
    const mail = received
      .reverse()
      .find((item) => item.to.includes(address) && (!containing || readable(item.raw).includes(containing)));
    if (mail) return mail;
    if (Date.now() > deadline)
      throw new Error(`no mail to ${address}${containing ? ` saying "${containing}"` : ''} in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A mail's text as a reader sees it: quoted-printable soft line breaks joined, =XX bytes decoded. */
export const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/**
 * The portal link of the newest mail to `address` that carries one, as a path the browser opens
 * (another mail, a price notice, may arrive after the request for the link and before the link).
 */
export async function portalLinkMailedTo(address: string): Promise<string> {
  const text = readable((await mailTo(address, 10_000, '/socio/entrar#')).raw);
  const link = /https:\/\/[^/\s]+(\/socio\/entrar#[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!link) throw new Error(`no portal link in the mail to ${address}`);
  return link;
}
