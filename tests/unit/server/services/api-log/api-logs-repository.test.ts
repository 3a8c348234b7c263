import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { apiLogs } from '../../../../../server/db/schema.ts';
import { insertApiLogs, type ApiLogEntry } from '../../../../../server/services/api-log/api-logs-repository.ts';
import { createTestDatabase } from '../../../../helpers/database.ts';

let database: DatabaseHandle;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.close());

describe('insertApiLogs', () => {
  it('stores every field of every entry exactly, whatever the characters in the path', async () => {
    const entries: ApiLogEntry[] = [
      {
        createdAt: new Date('2026-11-22T10:00:00.123Z'),
        method: 'GET',
        endpoint: '/api/a,b/{c}/"d"/e\\f',
        statusCode: 200,
        durationMs: 3,
        userId: 7,
        orgId: 9,
      },
      {
        createdAt: new Date('2026-11-22T10:00:01Z'),
        method: 'POST',
        endpoint: "/api/NULL/ü/it's",
        statusCode: 422,
        durationMs: 0,
        userId: null,
        orgId: null,
      },
    ];
    await insertApiLogs(database.db, entries);
    await insertApiLogs(database.db, []);
    const rows = await database.db.select().from(apiLogs).orderBy(asc(apiLogs.id));
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual(entries);
  });
});
