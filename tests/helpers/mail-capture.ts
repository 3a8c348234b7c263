import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../../server/services/mail/mailer.ts';

/** Records every message the app's mailer is asked to send, as handed over (secrets included), then queues it as usual. */
export function captureMail(app: FastifyInstance): OutgoingMail[] {
  const sent: OutgoingMail[] = [];
  const queue = app.mailer.queue.bind(app.mailer);
  app.mailer.queue = async (message) => {
    sent.push(message);
    return queue(message);
  };
  return sent;
}

/** The token of the last reset link mailed to an address. */
export function lastResetToken(sent: OutgoingMail[], to: string): string {
  const text = sent.filter((message) => message.to === to).at(-1)?.text ?? '';
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}
