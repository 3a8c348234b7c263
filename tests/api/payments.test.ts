import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, paymentEvents, payments, webhookDeliveries } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let orgadmin: string;
let admin: string;
let apiToken: string;
let orgId: number;
let otherOrgadmin: string;

beforeAll(async () => {
  t = await buildTestApp({ allowPrivateTargets: true });
  orgId = await createOrganisation(t.db, 'Payments Co');
  const otherOrgId = await createOrganisation(t.db, 'Other Co');
  await createUser(t.db, { email: 'pay@payments.test', orgId });
  await createUser(t.db, { email: 'other@other.test', orgId: otherOrgId });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'pay@payments.test');
  otherOrgadmin = await signIn(t.app, 'other@other.test');
  admin = await signIn(t.app, 'root@payrail.test');
  const organisation = body<{ apiToken: string }>(
    await t.app.inject({ method: 'GET', url: `/api/organisations/${orgId}`, headers: { authorization: `Bearer ${admin}` } }),
  );
  apiToken = organisation.apiToken;
});
afterAll(() => t.close());

const call = apiCaller(() => t.app);
const order = { amount: '12.50', customerName: 'Ama Mensah', customerEmail: 'ama@example.com', description: 'Water bill' };

describe('creating payments', () => {
  it('creates a Pending payment in the default currency with an exact amount and a PAY- reference', async () => {
    const response = await call('POST', '/api/payments', orgadmin, order);
    expect(response.statusCode).toBe(201);
    const payment = body<{ id: string; reference: string }>(response);
    expect(payment).toMatchObject({
      amount: '12.50',
      amountMinor: 1250,
      currency: 'GHS',
      status: 'Pending',
      receiptNumber: null,
      customerName: 'Ama Mensah',
    });
    expect(payment.id).toMatch(/^PAY-[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(payment.reference).toBe(payment.id);
  });

  it('answers with the payment as stored: the same as reading it back, every field', async () => {
    const response = await call('POST', '/api/payments', orgadmin, {
      ...order,
      customerPhone: '+233200000001',
      metadata: { orderId: 'A-17', channel: 'web' },
    });
    expect(response.statusCode).toBe(201);
    const created = body<Record<string, unknown>>(response);
    const read = body<Record<string, unknown>>(await call('GET', `/api/payments/${created['id'] as string}`, orgadmin));
    // The payment's own page adds its gateway attempts (none without a gateway).
    const { attempts, ...stored } = read;
    expect(attempts).toEqual([]);
    expect(created).toEqual(stored);
    expect(created).toMatchObject({ customerPhone: '+233200000001', metadata: { orderId: 'A-17' }, status: 'Pending' });
    // And as the list shows it, with its organisation's code.
    const listed = body<{ items: Record<string, unknown>[] }>(await call('GET', '/api/payments?page=1&pageSize=50', orgadmin)).items;
    const item = listed.find((row) => row['id'] === created['id']);
    expect(item?.['organisationCode']).toMatch(/^ORG\d+$/);
    expect(item).toEqual({
      ...Object.fromEntries(Object.entries(stored).filter(([key]) => key in listed[0]!)),
      organisationCode: item?.['organisationCode'],
    });
  });

  it('makes references time-sortable', async () => {
    const first = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
    t.clock.advance(5);
    const second = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
    expect(first < second).toBe(true);
  });

  it('accepts the organisation API token from integrators', async () => {
    const response = await call('POST', '/api/payments', apiToken, { ...order, amount: 7 });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ amount: '7.00', amountMinor: 700 });
    // The API token is for the payments API only.
    expect((await call('GET', '/api/users/me', apiToken)).statusCode).toBe(401);
  });

  it('refuses bad amounts, currencies and fields, creating nothing', async () => {
    const before = (await t.db.select().from(payments)).length;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...order, amount: '12.505' }, 'Amount has more decimals than GHS allows (2).'],
      [{ ...order, amount: 0 }, 'Amount must be greater than zero.'],
      [{ ...order, amount: -5 }, 'Amount must be a positive decimal number, e.g. 12.50.'],
      [{ ...order, amount: '1e9' }, 'Amount must be a positive decimal number, e.g. 12.50.'],
      [{ ...order, amount: '99999999999999' }, 'Amount is too large.'],
      [{ ...order, currency: 'XYZ' }, /Currency XYZ is not one of the organisation's currencies/],
      [{ ...order, customerEmail: 'nope' }, /customerEmail/],
      [{ ...order, status: 'Success' }, /unknown field "status"/],
      [{ ...order, processViaGateway: true }, 'No enabled gateway can process this payment: add one in Payment Gateway Configuration.'],
      // PostgreSQL text cannot hold U+0000: refused up front, not failed in the database.
      [{ ...order, customerName: 'Ama\u0000Mensah' }, 'body.customerName must not contain the NUL character (U+0000)'],
      [{ ...order, metadata: { note: 'a\u0000b' } }, 'body.metadata.note must not contain the NUL character (U+0000)'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/payments', orgadmin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<{ message: string }>(response).message).toMatch(message);
    }
    expect((await t.db.select().from(payments)).length).toBe(before);
  });

  it('is read-only for a superadmin', async () => {
    expect((await call('POST', '/api/payments', admin, order)).statusCode).toBe(403);
  });

  it("follows the organisation's settings as another process changes them (the cached settings are checked on insert)", async () => {
    expect((await call('POST', '/api/payments', orgadmin, order)).statusCode).toBe(201);
    // Another API process (or psql) changes the settings: this process's copy is now stale.
    await t.db
      .update(organisations)
      .set({ callbackUrl: 'https://merchant.example/payrail-hooks', currencies: ['GHS', 'USD'] })
      .where(eq(organisations.id, orgId));
    const created = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, { ...order, currency: 'USD' }));
    const [payment] = await t.db
      .select({ id: payments.id, currency: payments.currency })
      .from(payments)
      .where(eq(payments.reference, created.id));
    expect(payment?.currency).toBe('USD');
    const queued = await t.db
      .select({ url: webhookDeliveries.url })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.paymentId, payment!.id));
    expect(queued).toEqual([{ url: 'https://merchant.example/payrail-hooks' }]);

    await t.db
      .update(organisations)
      .set({ callbackUrl: null, currencies: ['GHS'] })
      .where(eq(organisations.id, orgId));
    const before = (await t.db.select().from(payments)).length;
    const refused = await call('POST', '/api/payments', orgadmin, { ...order, currency: 'USD' });
    expect(refused.statusCode).toBe(400);
    expect(body<{ message: string }>(refused).message).toMatch(/not one of the organisation's currencies/);
    expect((await t.db.select().from(payments)).length).toBe(before);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and body, and refuses another body with 422', async () => {
    const headers = { 'idempotency-key': 'order-A-17' };
    const first = await call('POST', '/api/payments', orgadmin, order, headers);
    const again = await call(
      'POST',
      '/api/payments',
      orgadmin,
      { description: 'Water bill', customerEmail: 'ama@example.com', customerName: 'Ama Mensah', amount: '12.50' },
      headers,
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body(again)).toEqual(body(first));
    const other = await call('POST', '/api/payments', orgadmin, { ...order, amount: '13.00' }, headers);
    expect(other.statusCode).toBe(422);
    const references = (await t.db.select().from(payments)).filter((row) => row.reference === body<{ id: string }>(first).id);
    expect(references).toHaveLength(1);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order, headers)).id).not.toBe(body<{ id: string }>(first).id);
  });
});

describe('lists, mark as paid and receipts', () => {
  // The idempotency test moved the clock past the 12 h session lifetime.
  beforeAll(async () => {
    orgadmin = await signIn(t.app, 'pay@payments.test');
    otherOrgadmin = await signIn(t.app, 'other@other.test');
    admin = await signIn(t.app, 'root@payrail.test');
  });

  it('refuses a search with the NUL character (U+0000) as bad input', async () => {
    const response = await call('GET', '/api/payments?search=a%00b', orgadmin);
    expect(response.statusCode).toBe(400);
    expect(body<{ message: string }>(response).message).toBe('querystring.search must not contain the NUL character (U+0000)');
  });

  it('lists newest first with filters, only for the own organisation; superadmins read any organisation', async () => {
    const list = body<{ items: { id: string; status: string; createdAt: string }[]; total: number }>(
      await call('GET', '/api/payments?pageSize=10', orgadmin),
    );
    expect(list.total).toBeGreaterThanOrEqual(5);
    const times = list.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body<{ total: number }>(await call('GET', '/api/payments', otherOrgadmin)).total).toBe(0);
    const searched = body<{ total: number }>(
      await call('GET', `/api/payments?search=${encodeURIComponent(list.items[0]?.id ?? '')}`, orgadmin),
    );
    expect(searched.total).toBe(1);
    expect(body<{ total: number }>(await call('GET', `/api/organisations/${orgId}/payments`, admin)).total).toBe(list.total);
    expect((await call('GET', `/api/organisations/${orgId}/payments`, orgadmin)).statusCode).toBe(403);
  });

  it('marks a payment paid once, numbers it, and gives a tokenised receipt link', async () => {
    const id = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
    expect((await call('GET', `/api/payments/${id}/receipt`, orgadmin)).statusCode).toBe(400);
    expect((await call('PATCH', `/api/payments/${id}/mark-success`, otherOrgadmin)).statusCode).toBe(404);
    const paid = await call('PATCH', `/api/payments/${id}/mark-success`, orgadmin);
    expect(paid.statusCode).toBe(200);
    expect(body(paid)).toMatchObject({ status: 'Success' });
    expect(body<{ receiptNumber: string }>(paid).receiptNumber).toMatch(/^ORG\d+-1$/);
    const again = await call('PATCH', `/api/payments/${id}/mark-success`, orgadmin);
    expect(again.statusCode).toBe(400);
    expect(body(again)['message']).toBe('This payment is already paid.');
    const link = body<{ url: string }>(await call('GET', `/api/payments/${id}/receipt`, orgadmin));
    expect(link.url).toMatch(/^http:\/\/payrail\.test\/receipts\/[A-Za-z0-9_-]{32}$/);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, id));
    const events = await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row?.id ?? 0));
    expect(events.map((event) => event.cause)).toEqual(['created', 'mark-paid']);
  });

  it("shows a payment's times in a list exactly as on its own page (UTC, milliseconds, Z)", async () => {
    const paidId = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
    await call('PATCH', `/api/payments/${paidId}/mark-success`, orgadmin);
    const pendingId = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
    // Stored times carry microseconds (written by SQL, say); the API shows milliseconds, cut like Date does.
    await t.db.execute(sql`update payments set created_at = date_trunc('second', created_at) + interval '0.891234 second',
                           paid_at = date_trunc('second', paid_at) + interval '0.000999 second' where reference = ${paidId}`);
    type Shown = { id: string; date: string; createdAt: string; paidAt: string | null };
    for (const id of [paidId, pendingId]) {
      const [listed] = body<{ items: Shown[] }>(await call('GET', `/api/payments?search=${id}`, orgadmin)).items;
      const own = body<Shown>(await call('GET', `/api/payments/${id}`, orgadmin));
      expect(listed).toMatchObject({ id, date: own.date, createdAt: own.createdAt, paidAt: own.paidAt });
      expect(own.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      if (id === paidId) {
        expect(own.createdAt.slice(-5)).toBe('.891Z');
        expect(own.paidAt?.slice(-5)).toBe('.000Z');
      } else expect(own.paidAt).toBeNull();
    }
  });
});

describe('list totals', () => {
  it('equal a count of the matching rows for every filter shape (roll-ups or counting), past the last page too', async () => {
    // Payments over three UTC days, in two statuses, with names a search can tell apart.
    const dayMs = 86_400_000;
    const dayA = (Math.floor(t.clock.now().getTime() / dayMs) + 1) * dayMs;
    const today = dayA + dayMs;
    for (const [at, name] of [
      [dayA + 1000, 'Kofi 100%'],
      [today + 5 * 60_000, 'Kofi_Two'],
      [today + dayMs + 60_000, 'Esi Boateng'],
    ] as const) {
      t.clock.advance(at - t.clock.now().getTime());
      orgadmin = await signIn(t.app, 'pay@payments.test');
      const id = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, { ...order, customerName: name })).id;
      if (name === 'Kofi_Two') expect((await call('PATCH', `/api/payments/${id}/mark-success`, orgadmin)).statusCode).toBe(200);
    }
    const stored = await t.db.select().from(payments).where(eq(payments.orgId, orgId));
    const iso = (ms: number) => new Date(ms).toISOString();
    const cases: [query: string, matches: (row: (typeof stored)[number]) => boolean][] = [
      ['', () => true],
      ['status=Pending', (row) => row.status === 'Pending'],
      ['status=Success', (row) => row.status === 'Success'],
      [`from=${iso(today)}`, (row) => row.createdAt.getTime() >= today],
      [`from=${iso(today)}&to=${iso(today + dayMs)}`, (row) => row.createdAt.getTime() >= today && row.createdAt.getTime() < today + dayMs],
      [`to=${iso(today)}&status=Pending`, (row) => row.createdAt.getTime() < today && row.status === 'Pending'],
      [`from=${iso(today + 60_000)}`, (row) => row.createdAt.getTime() >= today + 60_000],
      ['search=kofi', (row) => row.customerName.toLowerCase().includes('kofi')],
      [`search=${encodeURIComponent('100%')}`, (row) => row.customerName.includes('100%')],
      ['search=i_T', (row) => row.customerName.toLowerCase().includes('i_t')],
      [
        `search=kofi&status=Success&from=${iso(today)}`,
        (row) => row.customerName.includes('Kofi') && row.status === 'Success' && row.createdAt.getTime() >= today,
      ],
    ];
    for (const [query, matches] of cases) {
      const expected = stored.filter(matches).length;
      const list = body<{ items: unknown[]; total: number }>(await call('GET', `/api/payments?${query}&pageSize=10`, orgadmin));
      expect({ query, total: list.total, items: list.items.length }).toEqual({ query, total: expected, items: Math.min(10, expected) });
      const past = body<{ items: unknown[]; total: number }>(await call('GET', `/api/payments?${query}&page=50`, orgadmin));
      expect({ query, total: past.total, items: past.items.length }).toEqual({ query, total: expected, items: 0 });
    }
    expect(stored.filter((row) => row.customerName.includes('Kofi')).length).toBe(2);
  });
});

describe('payment history', () => {
  it('is never deleted with its organisation', async () => {
    admin = await signIn(t.app, 'root@payrail.test');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisations/${orgId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)['message']).toMatch(/^This organisation has \d+ payments; its payment history cannot be deleted\.$/);
  });
});

describe('currencies with payments', () => {
  it('keep their base unit, since stored amounts are minor units of it', async () => {
    const currencies = body<{ items: { id: number; code: string; baseUnit: number }[] }>(
      await call('GET', '/api/currencies?all=true', admin),
    ).items;
    const ghs = currencies.find((currency) => currency.code === 'GHS');
    const refused = await call('PATCH', `/api/currencies/${ghs?.id ?? 0}`, admin, { baseUnit: 1000 });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)['message']).toMatch(/^GHS has \d+ payments stored in its minor units; its base unit cannot change\.$/);
    expect(body(await call('PATCH', `/api/currencies/${ghs?.id ?? 0}`, admin, { baseUnit: 100, name: 'Ghana cedi' })).baseUnit).toBe(100);
  });
});
