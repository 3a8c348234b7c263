import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogs } from '../../server/db/schema.ts';
import type { RequestLogPolicy } from '../../server/request-log-policy.ts';
import { buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

const SLOW = 180_000;

/** An app with the given policy whose log lines are kept, and helpers to call it as a signed-in orgadmin. */
async function appWith(policy: Partial<RequestLogPolicy>) {
  const lines: Record<string, unknown>[] = [];
  const t: TestApp = await buildTestApp({
    requestLog: policy,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  await createUser(t.db, { email: 'policy@acme.test', orgId: await createOrganisation(t.db) });
  const token = await signIn(t.app, 'policy@acme.test');
  return {
    t,
    get: (url: string, auth = true) =>
      t.app.inject({ method: 'GET', url, ...(auth ? { headers: { authorization: `Bearer ${token}` } } : {}) }),
    async rows() {
      await t.app.apiLogs.flush();
      return (await t.db.select().from(apiLogs)).map((row) => `${row.method} ${row.endpoint} ${row.statusCode}`);
    },
    /** The request lines so far, as "METHOD status", and forgets them. */
    takeRequestLines() {
      const taken = lines.filter((line) => line['msg'] === 'request completed' || line['msg'] === 'incoming request');
      lines.length = 0;
      return taken;
    },
  };
}
const summary = (line: Record<string, unknown>) =>
  `${(line['req'] as { method: string }).method} ${(line['res'] as { statusCode: number }).statusCode}`;

describe('the default policy', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({});
  }, SLOW);
  afterAll(() => app.t.close());

  it(
    'writes one line per request, on completion, with the request, its status and duration',
    async () => {
      app.takeRequestLines();
      await app.get('/api/users/me?probe=1');
      const lines = app.takeRequestLines();
      expect(lines.map((line) => line['msg'])).toEqual(['request completed']);
      expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/api/users/me?probe=1' }, res: { statusCode: 200 } });
      expect(typeof lines[0]?.['responseTime']).toBe('number');
    },
    SLOW,
  );

  it(
    'records every state-changing request and every failure in api_logs, and 1 in 100 successful reads',
    async () => {
      // One successful read is already in (the test above): 149 more make the 100th.
      for (let i = 0; i < 149; i++) expect((await app.get('/api/users/me')).statusCode).toBe(200);
      expect((await app.get('/api/users/me', false)).statusCode).toBe(401);
      expect((await app.get('/api/logs/api')).statusCode).toBe(403);
      expect((await app.get('/api/no-such-thing')).statusCode).toBe(404);
      const rows = await app.rows();
      expect(rows.sort()).toEqual(
        [
          'POST /api/auth/login 200',
          'GET /api/users/me 200',
          'GET /api/users/me 401',
          'GET /api/logs/api 403',
          'GET /api/no-such-thing 404',
        ].sort(),
      );
      // Every request still has its line.
      expect(app.takeRequestLines()).toHaveLength(152);
    },
    SLOW,
  );
});

describe('API_LOG_READS=0 and REQUEST_LOG_READS=0', () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({ apiLogReads: 0, lineReads: 0 });
  }, SLOW);
  afterAll(() => app.t.close());

  it(
    'drop the rows and lines of successful reads only',
    async () => {
      app.takeRequestLines();
      for (let i = 0; i < 200; i++) await app.get('/api/users/me');
      await app.get('/api/logs/api');
      expect(await app.rows()).toEqual(['POST /api/auth/login 200', 'GET /api/logs/api 403']);
      expect(app.takeRequestLines().map(summary)).toEqual(['GET 403']);
    },
    SLOW,
  );
});
