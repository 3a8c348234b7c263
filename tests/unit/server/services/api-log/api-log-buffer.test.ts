import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { apiLogs } from '../../../../../server/db/schema.ts';
import { ApiLogBuffer } from '../../../../../server/services/api-log/api-log-buffer.ts';
import { createTestDatabase } from '../../../../helpers/database.ts';

let database: DatabaseHandle;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.close());

const entry = (i: number) => ({
  createdAt: new Date(),
  method: 'GET',
  endpoint: `/api/x/${i}`,
  statusCode: 200,
  durationMs: 1,
  userId: null,
  orgId: null,
});

describe('ApiLogBuffer', () => {
  it('writes nothing until flushed, then everything in one go', async () => {
    const buffer = new ApiLogBuffer({ db: database.db, log: pino({ level: 'silent' }), flushIntervalMs: 60_000, maxBuffered: 1000 });
    for (let i = 0; i < 25; i++) buffer.add(entry(i));
    expect(await database.db.select().from(apiLogs)).toHaveLength(0);
    await buffer.close();
    expect(await database.db.select().from(apiLogs)).toHaveLength(25);
  });

  it('flushes by itself when the buffer fills', async () => {
    await database.db.delete(apiLogs);
    const buffer = new ApiLogBuffer({ db: database.db, log: pino({ level: 'silent' }), flushIntervalMs: 60_000, maxBuffered: 10 });
    for (let i = 0; i < 10; i++) buffer.add(entry(i));
    await buffer.flush();
    expect(await database.db.select().from(apiLogs)).toHaveLength(10);
    await buffer.close();
  });
});
