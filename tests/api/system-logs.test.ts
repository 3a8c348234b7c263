import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { webhookLogs } from '../../server/db/schema.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { WakeUps } from '../../server/services/worker/wake-ups.ts';
import { insertWebhookLog } from '../../server/services/psp-callbacks/webhook-logs-repository.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';

interface WebhookLogItem {
  id: number;
  timestamp: string;
  createdAt: string;
  status: string;
  provider: string;
  reference: string | null;
  orgId: number | null;
  organisation: string | null;
  signatureValid: boolean | null;
  httpStatus: number;
  message: string | null;
}
interface ApiLogItem {
  id: number;
  timestamp: string;
  method: string;
  endpoint: string;
  statusCode: number;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const MINUTE = 60_000;
let t: TestApp;
let orgA: number;
let orgB: number;
let superadmin: string;
let adminA: string;
let adminB: string;

/** Writes `n` callback log rows for an organisation, one minute apart, references `<tag>-1…n`. */
async function logCallbacks(orgId: number | null, tag: string, n: number, status = 'accepted') {
  for (let i = 1; i <= n; i++) {
    t.clock.advance(MINUTE);
    await insertWebhookLog(t.db, {
      createdAt: t.clock.now(),
      provider: 'sandbox',
      orgId,
      reference: `${tag}-${i}`,
      status,
      signatureValid: true,
      httpStatus: 200,
      message: 'Payment is now Success.',
    });
  }
}

const get = async <T>(url: string, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: body<T>(response) };
};

beforeAll(async () => {
  // Every request recorded, as API_LOG_READS=1 does: the listing is what is tested here (the policy: request-log-policy.test.ts).
  t = await buildTestApp({ requestLog: { apiLogReads: 1 } });
  orgA = await createOrganisation(t.db, 'Logs A');
  orgB = await createOrganisation(t.db, 'Logs B');
  await createUser(t.db, { email: 'a@logs.test', orgId: orgA });
  await createUser(t.db, { email: 'b@logs.test', orgId: orgB });
  await createUser(t.db, { email: 'root@logs.test', role: 'superadmin' });
  superadmin = await signIn(t.app, 'root@logs.test');
  adminA = await signIn(t.app, 'a@logs.test');
  adminB = await signIn(t.app, 'b@logs.test');
  await logCallbacks(orgA, 'A', 12);
  await logCallbacks(orgB, 'B', 3, 'rejected');
  await logCallbacks(null, 'X', 2, 'rejected');
});
afterAll(() => t.close());

describe('GET /api/logs/webhooks (superadmin)', () => {
  it('lists every organisation’s callbacks newest first, with the organisation’s name', async () => {
    const { status, body: page } = await get<Page<WebhookLogItem>>('/api/logs/webhooks?pageSize=25', superadmin);
    expect(status).toBe(200);
    expect(page).toMatchObject({ total: 17, page: 1, pageSize: 25 });
    expect(page.items.map((item) => item.reference)).toEqual([
      'X-2',
      'X-1',
      'B-3',
      'B-2',
      'B-1',
      ...Array.from({ length: 12 }, (_, i) => `A-${12 - i}`),
    ]);
    const [newestOfB] = page.items.filter((item) => item.orgId === orgB);
    expect(newestOfB).toMatchObject({ organisation: 'Logs B', status: 'rejected', provider: 'sandbox', httpStatus: 200 });
    expect(newestOfB?.timestamp).toBe(newestOfB?.createdAt);
    expect(new Date(newestOfB?.timestamp ?? '').toISOString()).toBe(newestOfB?.timestamp);
    expect(page.items[0]).toMatchObject({ orgId: null, organisation: null });
  });

  it('filters by orgId and pages (default 10 per page)', async () => {
    const first = await get<Page<WebhookLogItem>>(`/api/logs/webhooks?orgId=${orgA}`, superadmin);
    expect(first.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items.every((item) => item.orgId === orgA && item.organisation === 'Logs A')).toBe(true);
    const second = await get<Page<WebhookLogItem>>(`/api/logs/webhooks?orgId=${orgA}&page=2`, superadmin);
    expect(second.body.items.map((item) => item.reference)).toEqual(['A-2', 'A-1']);
    const beyond = await get<Page<WebhookLogItem>>(`/api/logs/webhooks?orgId=${orgA}&page=3`, superadmin);
    expect(beyond.body).toMatchObject({ items: [], total: 12, page: 3 });
  });

  it('answers 404 for an organisation that does not exist and 400 for a page size off the list', async () => {
    expect((await get('/api/logs/webhooks?orgId=999999', superadmin)).status).toBe(404);
    expect((await get('/api/logs/webhooks?pageSize=7', superadmin)).status).toBe(400);
    expect((await get('/api/logs/webhooks?page=0', superadmin)).status).toBe(400);
  });

  it('is refused to an orgadmin (403) and to a caller without a token (401)', async () => {
    expect((await get(`/api/logs/webhooks?orgId=${orgA}`, adminA)).status).toBe(403);
    expect((await get('/api/logs/webhooks')).status).toBe(401);
  });
});

describe('GET /api/logs/webhooks/organisation (own organisation)', () => {
  it('shows an orgadmin only its own organisation’s callbacks', async () => {
    const a = await get<Page<WebhookLogItem>>('/api/logs/webhooks/organisation?pageSize=100', adminA);
    expect(a.status).toBe(200);
    expect(a.body.total).toBe(12);
    expect(new Set(a.body.items.map((item) => item.orgId))).toEqual(new Set([orgA]));
    const b = await get<Page<WebhookLogItem>>('/api/logs/webhooks/organisation', adminB);
    expect(b.body.total).toBe(3);
    expect(b.body.items.map((item) => item.reference)).toEqual(['B-3', 'B-2', 'B-1']);
  });

  it('cannot be widened to another organisation', async () => {
    const widened = await get<Page<WebhookLogItem>>(`/api/logs/webhooks/organisation?orgId=${orgB}`, adminA);
    expect(widened.status).toBe(400);
    expect(JSON.stringify(widened.body)).not.toContain('B-1');
  });

  it('pages', async () => {
    const second = await get<Page<WebhookLogItem>>('/api/logs/webhooks/organisation?page=2&pageSize=10', adminA);
    expect(second.body).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(second.body.items.map((item) => item.reference)).toEqual(['A-2', 'A-1']);
  });

  it('answers 404 to a superadmin, who has no organisation of its own (like the other own-organisation routes)', async () => {
    const response = await get<{ message: string }>('/api/logs/webhooks/organisation', superadmin);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('You do not belong to an organisation.');
  });

  it('includes callbacks the server logged itself', async () => {
    const before = (await get<Page<WebhookLogItem>>('/api/logs/webhooks', superadmin)).body.total;
    const callback = await t.app.inject({ method: 'POST', url: '/api/webhooks/psp/no-such-psp', payload: { reference: 'X' } });
    expect(callback.statusCode).toBe(404);
    const after = await get<Page<WebhookLogItem>>('/api/logs/webhooks', superadmin);
    expect(after.body.total).toBe(before + 1);
    expect(after.body.items[0]).toMatchObject({ provider: 'no-such-psp', status: 'rejected', httpStatus: 404, orgId: null });
  });
});

describe('GET /api/logs/api (superadmin)', () => {
  it('lists API requests newest first without query strings, paged', async () => {
    for (let i = 0; i < 12; i++) {
      await t.app.inject({ method: 'GET', url: `/api/users/me?probe=${i}`, headers: { authorization: `Bearer ${adminA}` } });
    }
    await t.app.inject({ method: 'GET', url: '/api/logs/api', headers: { authorization: `Bearer ${adminA}` } });
    await t.app.apiLogs.flush();
    const first = await get<Page<ApiLogItem>>('/api/logs/api', superadmin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 10 });
    expect(first.body.total).toBeGreaterThanOrEqual(13);
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toMatchObject({ method: 'GET', endpoint: '/api/logs/api', statusCode: 403 });
    expect(Object.keys(first.body.items[0] ?? {}).sort()).toEqual(['endpoint', 'id', 'method', 'statusCode', 'timestamp']);
    expect(first.body.items.slice(1).every((item) => item.endpoint === '/api/users/me' && item.statusCode === 200)).toBe(true);
    const ids = first.body.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const second = await get<Page<ApiLogItem>>('/api/logs/api?page=2', superadmin);
    expect(second.body.items[0]?.id).toBeLessThan(ids.at(-1) ?? 0);
    expect(JSON.stringify(first.body)).not.toContain('probe');
  });

  it('is refused to an orgadmin (403)', async () => {
    expect((await get('/api/logs/api', adminA)).status).toBe(403);
  });
});

describe('webhook log retention', () => {
  it('is WEBHOOK_LOG_RETENTION_DAYS (90 by default), and the worker prunes older callbacks', async () => {
    expect(loadConfig({}).webhookLogRetentionDays).toBe(90);
    expect(loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '7' }).webhookLogRetentionDays).toBe(7);
    expect(() => loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '0' })).toThrow(/WEBHOOK_LOG_RETENTION_DAYS/);

    const jobs = workerJobs({
      apiLogRetentionDays: 30,
      webhookLogRetentionDays: 7,
      reconcileAfterMinutes: 30,
      dataKey: TEST_DATA_KEY,
      targets: { allowPrivate: false, trustedOrigins: [] },
    });
    const prune = jobs.find((job) => job.name === 'prune-webhook-logs');
    expect(prune).toBeDefined();
    const total = (await t.db.select().from(webhookLogs)).length;
    t.clock.advance(7 * 24 * 60 * MINUTE);
    await logCallbacks(orgA, 'fresh', 1);
    await prune?.run({ db: t.db, clock: t.clock, log: t.app.log, wakeUps: new WakeUps() });
    const left = await t.db.select().from(webhookLogs);
    expect(total).toBeGreaterThan(1);
    expect(left.map((row) => row.reference)).toEqual(['fresh-1']);
  });
});
