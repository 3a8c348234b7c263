import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/** Stores an outgoing message before it is handed to SMTP, so none is lost silently. */
export async function insertMailMessage(
  db: Database,
  message: { toAddress: string; subject: string; textBody: string; htmlBody: string | null; paymentId?: number | null; createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(mailMessages)
    .values({ ...message, status: 'pending' })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Records how delivery of a stored message ended. */
export async function markMailMessage(db: Database, id: number, status: MailStatus, at: Date, error?: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status, sentAt: status === 'sent' ? at : null, error: error?.slice(0, 1000) ?? null })
    .where(eq(mailMessages.id, id));
}

export type MailMessageRow = typeof mailMessages.$inferSelect;

/** A stored message. */
export async function findMailMessage(db: Database, id: number): Promise<MailMessageRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
  return row;
}

/** The messages sent about a payment, newest first. */
export function listPaymentMessages(db: Database, paymentId: number): Promise<MailMessageRow[]> {
  return db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.paymentId, paymentId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id));
}
