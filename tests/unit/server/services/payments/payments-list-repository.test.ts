import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { queryRows } from '../../../../../server/db/raw.ts';
import { seedReferenceData } from '../../../../../server/db/reference-data.ts';
import { isShortListRead, listPayments } from '../../../../../server/services/payments/payments-list-repository.ts';
import { rebuildRollups } from '../../../../../bench/lib/seed.ts';
import { createOrganisation } from '../../../../helpers/app.ts';
import { createTestDatabase, testEngine } from '../../../../helpers/database.ts';

// Named prepared statements exist on PostgreSQL only (PGlite runs the text as is).
describe.skipIf(testEngine !== 'postgres')('listPayments on PostgreSQL', () => {
  let database: DatabaseHandle;
  let orgId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    orgId = await createOrganisation(database.db);
    const otherOrgId = await createOrganisation(database.db);
    await database.db.execute(sql`
      insert into payments (reference, org_id, amount_minor, currency, status, customer_name, customer_email, description, created_at, updated_at)
      select 'PAY-T' || lpad(n::text, 8, '0'), case when n % 4 = 0 then ${orgId}::integer else ${otherOrgId}::integer end, 100 + n, 'GHS',
             'Pending', 'Customer ' || n, 'c' || n || '@example.com', 'Order ' || n,
             timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, 40000) as n`);
    await rebuildRollups(database.db);
    await database.db.execute(sql`analyze`);
  });
  afterAll(() => database.close());

  it('plans a first page once per connection (generic plan) instead of on every execution', async () => {
    // A transaction keeps one connection, whose prepared statements pg_prepared_statements shows.
    const plans = await database.db.transaction(async (tx) => {
      for (let run = 0; run < 8; run++) {
        const page = await listPayments(tx, orgId, {}, { limit: 10, offset: 0 });
        expect(page.items).toHaveLength(10);
      }
      return queryRows<{ name: string; generic_plans: string | number }>(
        tx,
        sql`select name, generic_plans from pg_prepared_statements where name like 'payments_list_%'`,
      );
    });
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('reads only the shown columns, times as the API shows them, and pages with an offset past the first page', async () => {
    const first = await listPayments(database.db, orgId, {}, { limit: 25, offset: 0 });
    const second = await listPayments(database.db, orgId, {}, { limit: 25, offset: 25 });
    expect(first.total).toBe(10_000);
    expect(second.total).toBe(10_000);
    expect(second.items[0]!.reference).toBe('PAY-T00039900');
    const { organisationCode, cursor, ...shown } = first.items[0]!;
    expect(organisationCode).toMatch(/^ORG\d+$/);
    expect(typeof cursor.createdAt).toBe('string');
    expect(cursor.id).toBeGreaterThan(0);
    expect(shown).toEqual({
      reference: 'PAY-T00040000',
      receiptNumber: null,
      amountMinor: 40_100,
      currency: 'GHS',
      status: 'Pending',
      customerName: 'Customer 40000',
      customerEmail: 'c40000@example.com',
      customerPhone: null,
      description: 'Order 40000',
      metadata: null,
      processViaGateway: false,
      isBankPayment: false,
      providerReference: null,
      // Already the text the API shows (isoTimestampSql).
      createdAt: new Date(Date.UTC(2026, 0, 1) + 40_000 * 60_000).toISOString(),
      paidAt: null,
      refundedMinor: 0,
      cancelledAt: null,
      cancelReason: null,
      needsRefund: false,
      gatewayName: null,
    });
  });
});

describe('isShortListRead (which pages may share the pipelined connection)', () => {
  it('takes pages that read an index range: no search, a total from the roll-ups, a shallow offset', () => {
    expect(isShortListRead({}, { offset: 0 })).toBe(true);
    expect(isShortListRead({ statuses: ['Failed'] }, { offset: 1_000 })).toBe(true);
    expect(isShortListRead({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') }, { offset: 0 })).toBe(true);
    expect(isShortListRead({ search: '   ' }, { offset: 0 })).toBe(true);
    expect(isShortListRead({ statuses: ['Failed', 'Pending'], currency: 'GHS' }, { offset: 0 })).toBe(true);
  });

  it('leaves to the pool a search, a counted total and a deep page', () => {
    expect(isShortListRead({ search: 'Customer 42' }, { offset: 0 })).toBe(false);
    expect(isShortListRead({ from: new Date('2026-01-01T10:30:00Z') }, { offset: 0 })).toBe(false);
    expect(isShortListRead({}, { offset: 1_010 })).toBe(false);
    for (const filters of [{ gatewayId: 3 }, { customer: 'Ama' }, { amountMinMinor: 100 }, { channel: 'bank' as const }])
      expect(isShortListRead(filters, { offset: 0 })).toBe(false);
    expect(isShortListRead({}, { offset: 0 }, true)).toBe(false);
  });
});
