// The audit trail's read side: who sees which entries, the filters and keyset pages, the CSV export, a payment's own
// entries, and retention. No route writes or deletes an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { auditEvents } from '../../server/db/schema.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { WakeUps } from '../../server/services/worker/wake-ups.ts';
import { parseCsv } from '../../isomorphic/csv.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let root: string;
let adminA: string;
let adminB: string;
let paymentA: string;

interface Entry {
  id: number;
  action: string;
  actorKind: string;
  actor: string | null;
  actorRole: string | null;
  organisationId: number | null;
  targetType: string;
  targetId: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}
interface Page {
  items: Entry[];
  next: string | null;
}

const get = async <T>(token: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: body<T>(response), raw: response };
};

beforeAll(async () => {
  t = await buildTestApp();
  orgA = await createOrganisation(t.db, 'Alpha');
  orgB = await createOrganisation(t.db, 'Beta');
  await createUser(t.db, { email: 'root@audit.test', role: 'superadmin' });
  await createUser(t.db, { email: 'a@audit.test', orgId: orgA, name: 'Akosua' });
  await createUser(t.db, { email: 'b@audit.test', orgId: orgB });
  root = await signIn(t.app, 'root@audit.test');
  adminA = await signIn(t.app, 'a@audit.test');
  adminB = await signIn(t.app, 'b@audit.test');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { authorization: `Bearer ${adminA}`, 'user-agent': 'AuditTest/1.0' },
    payload: { amount: '20.00', customerName: 'Kofi', customerEmail: 'kofi@example.com', description: 'Invoice 7' },
  });
  paymentA = body<{ id: string }>(created).id;
  const marked = await t.app.inject({
    method: 'PATCH',
    url: `/api/payments/${paymentA}/mark-success`,
    headers: { authorization: `Bearer ${adminA}`, 'user-agent': 'AuditTest/1.0' },
  });
  expect(marked.statusCode).toBe(200);
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'b@audit.test', password: 'wrong password!' } });
}, 60_000);
afterAll(() => t.close());

describe('GET /api/audit-events', () => {
  it("shows an orgadmin their organisation's entries only, and who marked a payment paid, from where", async () => {
    const { status, body: page } = await get<Page>(adminA, '/api/audit-events');
    expect(status).toBe(200);
    expect(page.items.every((entry) => entry.organisationId === orgA)).toBe(true);
    const paid = page.items.find((entry) => entry.action === 'payment.mark-paid');
    expect(paid).toMatchObject({
      actorKind: 'user',
      actor: 'Akosua <a@audit.test>',
      actorRole: 'orgadmin',
      targetType: 'payment',
      targetId: paymentA,
      userAgent: 'AuditTest/1.0',
      changes: { status: { before: 'Pending', after: 'Success' } },
    });
    expect(paid?.clientAddress).toBeTruthy();
    const other = await get<Page>(adminB, '/api/audit-events');
    expect(other.body.items.some((entry) => entry.targetId === paymentA)).toBe(false);
    expect(other.body.items.map((entry) => entry.action)).toContain('auth.sign-in.failed');
  });

  it('refuses organisationId from an orgadmin, and gives a superadmin all or one organisation', async () => {
    expect((await get(adminA, `/api/audit-events?organisationId=${orgB}`)).status).toBe(400);
    const all = await get<Page>(root, '/api/audit-events?pageSize=100');
    // A superadmin's own sign-in belongs to no organisation.
    expect(new Set(all.body.items.map((entry) => entry.organisationId))).toEqual(new Set([orgA, orgB, null]));
    const one = await get<Page>(root, `/api/audit-events?organisationId=${orgB}`);
    expect(one.body.items.length).toBeGreaterThan(0);
    expect(one.body.items.every((entry) => entry.organisationId === orgB)).toBe(true);
    expect((await get(root, '/api/audit-events?organisationId=999999')).status).toBe(404);
  });

  it('filters by actor, action, target and dates, and pages with a keyset cursor', async () => {
    const byAction = await get<Page>(root, '/api/audit-events?action=payment.');
    expect(byAction.body.items.map((entry) => entry.action).sort()).toEqual(['payment.create', 'payment.mark-paid']);
    const byActor = await get<Page>(root, '/api/audit-events?actor=akosua');
    expect(byActor.body.items.length).toBeGreaterThanOrEqual(2);
    expect(byActor.body.items.every((entry) => entry.actor === 'Akosua <a@audit.test>')).toBe(true);
    const byTarget = await get<Page>(root, `/api/audit-events?targetType=payment&targetId=${paymentA}`);
    expect(byTarget.body.items).toHaveLength(2);
    const future = await get<Page>(root, '/api/audit-events?from=2999-01-01T00:00:00Z');
    expect(future.body.items).toEqual([]);
    expect((await get(root, '/api/audit-events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).status).toBe(400);
    expect((await get(root, '/api/audit-events?after=abc')).status).toBe(400);

    const total = (await get<Page>(root, '/api/audit-events?pageSize=100')).body.items;
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const page: Page = (await get<Page>(root, `/api/audit-events?pageSize=25${after ? `&after=${after}` : ''}`)).body;
      seen.push(...page.items.map((entry) => entry.id));
      after = page.next;
    } while (after);
    expect(seen).toEqual(total.map((entry) => entry.id));
  });

  it('exports the same filters as CSV', async () => {
    const raw = await t.app.inject({
      method: 'GET',
      url: '/api/audit-events/export.csv?action=payment.',
      headers: { authorization: `Bearer ${adminA}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parseCsv(raw.body);
    expect(rows[0]?.[0]).toBe('At');
    expect(
      rows
        .slice(1)
        .map((row) => row[7])
        .sort(),
    ).toEqual(['payment.create', 'payment.mark-paid']);
  });

  it("lists one payment's entries, oldest first, to its organisation and superadmins only (404 for another)", async () => {
    const own = await get<{ items: Entry[] }>(adminA, `/api/payments/${paymentA}/audit-events`);
    expect(own.body.items.map((entry) => entry.action)).toEqual(['payment.create', 'payment.mark-paid']);
    expect((await get<{ items: Entry[] }>(root, `/api/payments/${paymentA}/audit-events`)).body.items).toHaveLength(2);
    expect((await get(adminB, `/api/payments/${paymentA}/audit-events`)).status).toBe(404);
  });

  it('records an edit as the fields it sent, before → after', async () => {
    const auth = { authorization: `Bearer ${root}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/countries', headers: auth, payload: { name: 'Zenda', code: 'qz' } });
    expect(created.statusCode).toBe(201);
    const { id } = body<{ id: number }>(created);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/countries/${id}`,
      headers: auth,
      payload: { name: 'Kingdom of Zenda', enabled: true },
    });
    expect(edited.statusCode).toBe(200);
    const { items } = (await get<Page>(root, `/api/audit-events?action=country.update&targetId=${id}`)).body;
    // `enabled` was sent but did not change: only the name is recorded.
    expect(items.map((entry) => entry.changes)).toEqual([{ name: { before: 'Zenda', after: 'Kingdom of Zenda' } }]);
  });

  it('has no route that edits or deletes an entry', async () => {
    const [entry] = (await get<Page>(root, '/api/audit-events')).body.items;
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `/api/audit-events/${entry?.id}`, headers: { authorization: `Bearer ${root}` } });
      expect(response.statusCode, method).toBe(404);
    }
  });
});

describe('audit retention', () => {
  it('is AUDIT_RETENTION_DAYS (365 by default), and the worker deletes older entries only', async () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    const jobs = workerJobs({
      apiLogRetentionDays: 30,
      webhookLogRetentionDays: 90,
      auditRetentionDays: 30,
      reconcileAfterMinutes: 30,
      dataKey: TEST_DATA_KEY,
      targets: { allowPrivate: false, trustedOrigins: [] },
    });
    const prune = jobs.find((job) => job.name === 'prune-audit-events');
    const before = (await t.db.select().from(auditEvents)).length;
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@audit.test', password: 'wrong again!' } });
    await prune?.run({ db: t.db, clock: t.clock, log: t.app.log, wakeUps: new WakeUps() });
    const left = await t.db.select().from(auditEvents);
    expect(before).toBeGreaterThan(3);
    expect(left.map((row) => row.action)).toEqual(['auth.sign-in.failed']);
  });
});
