import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller, type HttpMethod } from '../helpers/request.ts';

let t: TestApp;
let orgadmin: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { email: 'rcpt@org.test', orgId: await createOrganisation(t.db, 'Receipts Co') });
  await createUser(t.db, { email: 'rcpt@other.test', orgId: await createOrganisation(t.db, 'Other Co') });
  orgadmin = await signIn(t.app, 'rcpt@org.test');
  other = await signIn(t.app, 'rcpt@other.test');
});
afterAll(() => t.close());

const callAs = apiCaller(() => t.app);
const call = (method: HttpMethod, url: string, token = orgadmin, payload?: unknown) => callAs(method, url, token, payload);
type Batch = { id: number; prefix: string; startNumber: number; endNumber: number | null; nextNumber: number; isActive: boolean };
const order = { amount: '5.00', customerName: 'C', customerEmail: 'c@example.com', description: 'D' };

describe('receipt batches', () => {
  it('creates inactive batches with startNumber 1 and an unbounded end by default', async () => {
    const response = await call('POST', '/api/receipt-batches', orgadmin, { prefix: ' RCT- ' });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ prefix: 'RCT-', startNumber: 1, endNumber: null, nextNumber: 1, isActive: false });
    // An explicit null end is unbounded too (never coerced to 0).
    const explicit = await call('POST', '/api/receipt-batches', orgadmin, { prefix: 'NUL-', startNumber: 1, endNumber: null });
    expect(explicit.statusCode).toBe(201);
    expect(body(explicit)).toMatchObject({ endNumber: null });
  });

  it('refuses a missing prefix, a reversed range and overlapping ranges', async () => {
    expect(body(await call('POST', '/api/receipt-batches', orgadmin, { prefix: '  ' }))['message']).toBe('Prefix is required.');
    expect(body(await call('POST', '/api/receipt-batches', orgadmin, { prefix: 'A-', startNumber: 10, endNumber: 5 }))['message']).toBe(
      'End number must be a whole number not below the start number.',
    );
    expect((await call('POST', '/api/receipt-batches', orgadmin, { prefix: 'A-', startNumber: 1.5 })).statusCode).toBe(400);
    const overlap = await call('POST', '/api/receipt-batches', orgadmin, { prefix: 'RCT-', startNumber: 500, endNumber: 600 });
    expect(overlap.statusCode).toBe(409);
    expect((await call('POST', '/api/receipt-batches', orgadmin, { prefix: 'INV-', startNumber: 1, endNumber: 2 })).statusCode).toBe(201);
  });

  it('keeps one active batch, numbers successes from it and deactivates it when exhausted', async () => {
    const batches = body<Batch[]>(await call('GET', '/api/receipt-batches'));
    const inv = batches.find((batch) => batch.prefix === 'INV-');
    const rct = batches.find((batch) => batch.prefix === 'RCT-');
    await call('PATCH', `/api/receipt-batches/${rct?.id}/activate`);
    expect(body<Batch>(await call('PATCH', `/api/receipt-batches/${inv?.id}/activate`)).isActive).toBe(true);
    expect(
      body<Batch[]>(await call('GET', '/api/receipt-batches'))
        .filter((batch) => batch.isActive)
        .map((batch) => batch.prefix),
    ).toEqual(['INV-']);

    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      const id = body<{ id: string }>(await call('POST', '/api/payments', orgadmin, order)).id;
      numbers.push(body<{ receiptNumber: string }>(await call('PATCH', `/api/payments/${id}/mark-success`)).receiptNumber);
    }
    expect(numbers.slice(0, 2)).toEqual(['INV-1', 'INV-2']);
    expect(numbers[2]).toMatch(/^ORG\d+-1$/);
    const exhausted = body<Batch[]>(await call('GET', '/api/receipt-batches')).find((batch) => batch.prefix === 'INV-');
    expect(exhausted).toMatchObject({ isActive: false, nextNumber: 3 });
    expect(body(await call('PATCH', `/api/receipt-batches/${exhausted?.id}/activate`))['message']).toBe(
      'This batch is exhausted; create a new one.',
    );
  });

  it("deletes batches, and never another organisation's", async () => {
    const [first] = body<Batch[]>(await call('GET', '/api/receipt-batches'));
    expect((await call('DELETE', `/api/receipt-batches/${first?.id}`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/receipt-batches/${first?.id}/activate`, other)).statusCode).toBe(404);
    expect(body<Batch[]>(await call('GET', '/api/receipt-batches', other))).toEqual([]);
    expect((await call('DELETE', `/api/receipt-batches/${first?.id}`)).statusCode).toBe(200);
    expect(body<Batch[]>(await call('GET', '/api/receipt-batches')).some((batch) => batch.id === first?.id)).toBe(false);
  });
});
