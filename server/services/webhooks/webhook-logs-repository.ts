import type { Database } from '../../db/client.ts';
import { webhookLogs } from '../../db/schema.ts';

export type WebhookLogInsert = typeof webhookLogs.$inferInsert;

/** Records one inbound PSP callback. */
export async function insertWebhookLog(db: Database, entry: WebhookLogInsert): Promise<void> {
  await db.insert(webhookLogs).values(entry);
}
