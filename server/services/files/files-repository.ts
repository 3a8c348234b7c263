import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;

/** Stores an uploaded file. */
export async function insertFile(db: Database, file: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(file);
}

/** The file with this public key. */
export async function findFileByKey(db: Database, publicKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.publicKey, publicKey)).limit(1);
  return row;
}
