import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type Nodemailer from 'nodemailer';
import { lazyModule } from '../../lazy-module.ts';
import { insertMailMessage, markMailMessage } from './mail-messages-repository.ts';

const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The payment the message is about, if any (kept with the stored message). */
  paymentId?: number;
  /** Values only the recipient may see (e.g. a reset link's token): the stored copy shows them as [redacted]. */
  secrets?: string[];
  /** Written in the transaction that stores the message (its audit entry): both are kept, or neither. */
  alongside?: (tx: Database) => Promise<void>;
}

export interface Mailer {
  /** Stores the message and starts delivery; resolves once it is stored, with a promise for delivery. */
  queue(message: OutgoingMail): Promise<{ id: number; delivered: Promise<void> }>;
  close(): void;
}

export interface MailerOptions {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
}

/** The text with every secret replaced by [redacted]. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce((redacted, secret) => (secret === '' ? redacted : redacted.replaceAll(secret, '[redacted]')), text);
}

/**
 * Sends mail through SMTP_URL when configured; otherwise prints it, secrets included, to the server log (a
 * development convenience of the embedded default, so a newcomer can still follow a password-reset link).
 * The stored copy (mail_messages) never holds the message's secrets.
 */
export function createMailer({ db, clock, log, smtpUrl, from }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer().createTransport(smtpUrl) : undefined;

  async function deliver(id: number, message: OutgoingMail): Promise<void> {
    if (!transport) {
      log.info({ mailId: id, to: message.to, subject: message.subject }, `E-mail (no SMTP_URL configured, not sent):\n${message.text}`);
      await markMailMessage(db, id, 'logged', clock.now());
      return;
    }
    try {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      await markMailMessage(db, id, 'sent', clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ mailId: id, to: message.to }, `E-mail delivery failed: ${reason}`);
      await markMailMessage(db, id, 'failed', clock.now(), reason);
    }
  }

  return {
    async queue(message) {
      const id = await db.transaction(async (tx) => {
        const stored = await insertMailMessage(tx, {
          toAddress: message.to,
          subject: message.subject,
          textBody: redactSecrets(message.text, message.secrets),
          htmlBody: message.html === undefined ? null : redactSecrets(message.html, message.secrets),
          paymentId: message.paymentId ?? null,
          createdAt: clock.now(),
        });
        await message.alongside?.(tx);
        return stored;
      });
      const delivered = deliver(id, message).catch((error: unknown) =>
        log.error({ mailId: id, err: error }, 'Recording e-mail delivery failed'),
      );
      return { id, delivered };
    },
    close() {
      transport?.close();
    },
  };
}
