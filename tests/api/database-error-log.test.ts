// A failed statement is logged by its SQLSTATE and shape, never with the values it carried (customers' personal data).
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { body, createUser, TEST_DATA_KEY, TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

const EMAIL = 'ama.mensah@example.com';
const PHONE = '+233 24 555 0199';

let database: DatabaseHandle;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await createUser(database.db, { email: EMAIL, role: 'superadmin' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    database,
    jwtSecret: TEST_JWT_SECRET,
    dataKey: TEST_DATA_KEY,
    publicUrl: TEST_PUBLIC_URL,
    logger: { level: 'warn', stream },
  });
  // Two statements that fail with the customer's data among their parameters, as a handler's bug would.
  app.post('/test/duplicate-user', async () => {
    await database.db.insert(users).values({ name: PHONE, email: EMAIL, role: 'superadmin', passwordHash: 'x' });
    return {};
  });
  app.post('/test/bad-number', async () => {
    await database.db.execute(sql`select ${PHONE}::integer as phone, ${EMAIL} as email`);
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type LoggedError = { code?: string; message?: string; statement?: string };
const loggedErrors = () => lines.flatMap((line) => (JSON.parse(line) as { err?: LoggedError }).err ?? []);

describe('log lines for database errors', () => {
  it('name the SQLSTATE, the table and constraint of a failed insert, not its values or the key detail', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/duplicate-user' });
    expect(response.statusCode).toBe(500);
    const logged = lines.join('\n');
    const errors = loggedErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: '23505', table: 'users', constraint: 'users_email_unique' });
    expect(errors[0]?.statement).toMatch(/^insert into "users" .* values \(default, \$1, \$2/);
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(PHONE);
  });

  it('leave out a value quoted in the error message itself, and answer 400 for a value the database refused', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'POST', url: '/test/bad-number' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'A value in the request is out of range or malformed.',
    });
    const logged = lines.join('\n');
    const errors = loggedErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: '22P02' });
    expect(errors[0]?.message).toContain('invalid input syntax for type integer');
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain(PHONE);
  });
});
