import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { queryRows } from '../../../../../server/db/raw.ts';
import { seedReferenceData } from '../../../../../server/db/reference-data.ts';
import {
  findOrganisationForPayments,
  type OrganisationForPayments,
} from '../../../../../server/services/organisations/organisations-repository.ts';
import { PaymentCreationBatches } from '../../../../../server/services/payments/creation-batches.ts';
import { insertRecordedPayments, type PaymentCreation } from '../../../../../server/services/payments/payment-changes.ts';
import { newPaymentReference } from '../../../../../server/services/payments/reference.ts';
import { createOrganisation } from '../../../../helpers/app.ts';
import { ManualClock } from '../../../../helpers/clock.ts';
import { createTestDatabase } from '../../../../helpers/database.ts';

describe('payment creation batches', () => {
  let database: DatabaseHandle;
  let orgId: number;
  let organisation: OrganisationForPayments;
  const clock = new ManualClock();

  const creation = (amountMinor: number, reference = newPaymentReference(clock)): PaymentCreation => ({
    values: {
      reference,
      orgId,
      amountMinor,
      currency: 'GHS',
      customerName: `Customer ${amountMinor}`,
      customerEmail: 'customer@example.com',
      customerPhone: null,
      description: 'Batch test',
      metadata: { order: String(amountMinor) },
      processViaGateway: false,
      isBankPayment: false,
      createdBy: null,
      createdAt: clock.now(),
    },
    org: organisation,
    baseUnit: 100,
  });

  const stored = (references: string[]) =>
    queryRows<{ reference: string; xmin: string; events: number; deliveries: string }>(
      database.db,
      sql`select p.reference, p.xmin::text as xmin,
                 (select count(*) from payment_events e where e.payment_id = p.id)::integer as events,
                 coalesce((select string_agg(d.channel || ' ' || d.url || ' ' || (d.body::jsonb #>> '{data,payment,reference}'), ',')
                           from webhook_deliveries d where d.payment_id = p.id), '') as deliveries
          from payments p where p.reference in (${sql.join(
            references.map((reference) => sql`${reference}`),
            sql`, `,
          )})`,
    );
  const pendingTotal = async () => {
    const [row] = await queryRows<{ count: string | number | null; amount: string | number | null }>(
      database.db,
      sql`select sum(payment_count) as count, sum(amount_minor) as amount from payment_rollup_totals
          where org_id = ${orgId} and status = 'Pending'`,
    );
    return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    orgId = await createOrganisation(database.db);
    await database.db.execute(sql`update organisations set callback_url = 'https://merchant.example/hooks' where id = ${orgId}`);
    organisation = (await findOrganisationForPayments(database.db, orgId))!;
  });
  afterAll(() => database.close());

  it('writes the payments created while a statement is in flight together, in the next statement', async () => {
    const batches = new PaymentCreationBatches(database.db);
    const before = await pendingTotal();
    const creations = [101, 102, 103, 104, 105].map((amount) => creation(amount));
    const created = await Promise.all(creations.map((item) => batches.create(item)));

    expect(created.map((item) => item?.payment.reference)).toEqual(creations.map((item) => item.values.reference));
    expect(created.every((item) => item?.queued)).toBe(true);
    const rows = await stored(creations.map((item) => item.values.reference));
    expect(rows).toHaveLength(5);
    const byReference = new Map(rows.map((row) => [row.reference, row]));
    const [first, ...rest] = creations.map((item) => byReference.get(item.values.reference)!);
    // The first went alone; the four created meanwhile share one statement, so one transaction.
    expect(new Set(rest.map((row) => row.xmin)).size).toBe(1);
    expect(rest[0]!.xmin).not.toBe(first!.xmin);
    for (const row of rows) {
      expect(row.events).toBe(1);
      // Each outbox row belongs to the payment its event announces.
      expect(row.deliveries).toBe(`callback https://merchant.example/hooks ${row.reference}`);
    }
    expect(await pendingTotal()).toEqual({ count: before.count + 5, amount: before.amount + 101 + 102 + 103 + 104 + 105 });
  });

  it('sends the next statement before it answers the requests of the last one', async () => {
    const events: string[] = [];
    // The same database, noting each statement as it is sent.
    const session = database.db._.session;
    const noted = Object.create(database.db, {
      _: {
        value: {
          ...database.db._,
          session: Object.create(session, {
            prepareQuery: {
              value: (...args: Parameters<typeof session.prepareQuery>) => {
                events.push('statement sent');
                return session.prepareQuery(...args);
              },
            },
          }) as typeof session,
        },
      },
    }) as typeof database.db;
    const batches = new PaymentCreationBatches(noted);
    const [lone, ...meanwhile] = [151, 152, 153].map((amount) => creation(amount));

    await Promise.all([
      batches.create(lone!).then(() => events.push('first answered')),
      ...meanwhile.map((item) => batches.create(item).then(() => events.push('answered'))),
    ]);

    expect(events).toEqual(['statement sent', 'statement sent', 'first answered', 'answered', 'answered']);
  });

  it('fails only the payment the database refuses when a batch cannot be written', async () => {
    const batches = new PaymentCreationBatches(database.db);
    const [existing] = await queryRows<{ reference: string }>(database.db, sql`select reference from payments limit 1`);
    const before = await pendingTotal();
    const blocker = creation(201);
    const good = [creation(202), creation(204)];
    const duplicate = creation(203, existing!.reference);
    const outcomes = await Promise.allSettled([
      batches.create(blocker),
      batches.create(good[0]!),
      batches.create(duplicate),
      batches.create(good[1]!),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await stored([blocker, ...good].map((item) => item.values.reference))).map((row) => row.events)).toEqual([1, 1, 1]);
    const [copies] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::integer as count from payments where reference = ${existing!.reference}`,
    );
    expect(copies!.count).toBe(1);
    expect(await pendingTotal()).toEqual({ count: before.count + 3, amount: before.amount + 201 + 202 + 204 });
  });

  it('creates nothing for settings that changed since they were read, and the rest as usual', async () => {
    const before = await pendingTotal();
    await database.db.execute(sql`update organisations set callback_url = 'https://merchant.example/new-hooks' where id = ${orgId}`);
    const stale = creation(301);
    const fresh = { ...creation(302), org: (await findOrganisationForPayments(database.db, orgId))! };

    const [staleOutcome, freshOutcome] = await insertRecordedPayments(database.db, [stale, fresh]);

    expect(staleOutcome).toBeUndefined();
    expect(freshOutcome?.payment.reference).toBe(fresh.values.reference);
    const rows = await stored([stale.values.reference, fresh.values.reference]);
    expect(rows.map((row) => [row.reference, row.deliveries])).toEqual([
      [fresh.values.reference, `callback https://merchant.example/new-hooks ${fresh.values.reference}`],
    ]);
    expect(await pendingTotal()).toEqual({ count: before.count + 1, amount: before.amount + 302 });
  });
});
