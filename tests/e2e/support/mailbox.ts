// Reads the e-mails caught by the SMTP sink of start-e2e-server.ts (through its HTTP endpoint).
import { BASE_URL, MAILBOX_URL } from './constants.ts';

export interface Mail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: number;
}

export interface WaitForMailOptions {
  /** Only mails received at or after this time (ms since the epoch), e.g. taken before the action. */
  since?: number;
  /** Give up after this many milliseconds (default 15 s). */
  timeout?: number;
}

/** Every mail the sink holds for `to` (optionally since a time), oldest first. */
export async function listMail(to: string, since = 0): Promise<Mail[]> {
  const url = new URL('/messages', MAILBOX_URL);
  url.searchParams.set('to', to);
  url.searchParams.set('since', String(since));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mailbox answered ${response.status} for ${url.href}`);
  return (await response.json()) as Mail[];
}

/** Polls the sink until a mail for `to` arrives; returns the newest one or throws after the timeout. */
export async function waitForMail(to: string, { since = 0, timeout = 15_000 }: WaitForMailOptions = {}): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const mails = await listMail(to, since);
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived within ${timeout} ms (mailbox ${MAILBOX_URL})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The password-reset link in a mail's text (`${PUBLIC_URL}/reset-password/<token>`). */
export function resetLinkIn(mail: Mail): string {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no reset link in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
