import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { jsonRecordsSql, runStatement, StatementParams } from '../../db/statements.ts';
import { mailMessages, organisations, webhookDeliveries, webhookDeliveryAttempts } from '../../db/schema.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryInsert = typeof webhookDeliveries.$inferInsert;
export type DeliveryStatus = 'Pending' | 'Retrying' | 'Success' | 'Failed' | 'Disabled';
export type DeliveryChannel = 'callback' | 'notifier' | 'email';

/** What the outbox needs of an organisation: destinations, signing settings and the 410 flags. */
export type OrganisationWebhookRow = Pick<
  typeof organisations.$inferSelect,
  | 'id'
  | 'name'
  | 'callbackUrl'
  | 'notifierUrl'
  | 'autoNotify'
  | 'webhookSecretSealed'
  | 'outboundHeaderName'
  | 'outboundTimestampHeader'
  | 'callbackDisabledAt'
  | 'notifierDisabledAt'
>;

/** Where an organisation's payment events go: destinations and the 410 flags. */
export type OrganisationDestinations = Pick<
  OrganisationWebhookRow,
  'id' | 'callbackUrl' | 'notifierUrl' | 'autoNotify' | 'callbackDisabledAt' | 'notifierDisabledAt'
>;

/** An organisation's webhook settings. */
export async function findOrganisationWebhooks(db: Database, orgId: number): Promise<OrganisationWebhookRow | undefined> {
  const [row] = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      callbackUrl: organisations.callbackUrl,
      notifierUrl: organisations.notifierUrl,
      autoNotify: organisations.autoNotify,
      webhookSecretSealed: organisations.webhookSecretSealed,
      outboundHeaderName: organisations.outboundHeaderName,
      outboundTimestampHeader: organisations.outboundTimestampHeader,
      callbackDisabledAt: organisations.callbackDisabledAt,
      notifierDisabledAt: organisations.notifierDisabledAt,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .limit(1);
  return row;
}

/** Changes an organisation's webhook settings. */
export async function updateOrganisationWebhooks(
  db: Database,
  orgId: number,
  values: Partial<typeof organisations.$inferInsert>,
): Promise<void> {
  await db.update(organisations).set(values).where(eq(organisations.id, orgId));
}

/**
 * Marks an endpoint disabled after 410 Gone, only while the organisation still has that URL
 * (a URL saved since then is a new endpoint).
 */
export async function disableEndpoint(db: Database, orgId: number, channel: 'callback' | 'notifier', url: string, at: Date): Promise<void> {
  if (channel === 'callback') {
    await db
      .update(organisations)
      .set({ callbackDisabledAt: at })
      .where(and(eq(organisations.id, orgId), eq(organisations.callbackUrl, url)));
  } else {
    await db
      .update(organisations)
      .set({ notifierDisabledAt: at })
      .where(and(eq(organisations.id, orgId), eq(organisations.notifierUrl, url)));
  }
}

/**
 * An outbox row of a payment change; its payment id comes from the statement that records the change, which finds the
 * payment by `paymentReference`.
 */
export type ChangeDelivery = Pick<
  DeliveryInsert,
  'orgId' | 'eventId' | 'type' | 'channel' | 'url' | 'body' | 'status' | 'nextAttemptAt' | 'lastError' | 'createdAt'
> & { paymentReference: string };

/**
 * A CTE (to follow a WITH list) writing outbox rows for the payments in the statement's relation `changed`, each row
 * joined to its payment by reference. The rows travel as one JSON parameter (jsonRecordsSql), so the text is the same
 * for any number of rows and payments. `bodySql` is what each stored body is, over `o.body` and `changed`.
 */
export function outboxCte(rows: ChangeDelivery[], params: StatementParams, bodySql = 'o.body'): string {
  const records = rows.map((row) => ({
    payment_reference: row.paymentReference,
    org_id: row.orgId,
    event_id: row.eventId,
    type: row.type,
    channel: row.channel,
    url: row.url,
    body: row.body,
    status: row.status ?? 'Pending',
    last_error: row.lastError ?? null,
    next_attempt_at: row.nextAttemptAt ?? null,
    created_at: row.createdAt,
  }));
  const relation = jsonRecordsSql(params, records, {
    payment_reference: 'varchar',
    org_id: 'integer',
    event_id: 'varchar',
    type: 'varchar',
    channel: 'varchar',
    url: 'varchar',
    body: 'text',
    status: 'varchar',
    last_error: 'varchar',
    next_attempt_at: 'timestamptz',
    created_at: 'timestamptz',
  });
  return `outbox as (
    insert into webhook_deliveries (org_id, event_id, type, channel, payment_id, url, body, status, last_error, next_attempt_at, created_at, updated_at)
    select o.org_id, o.event_id, o.type, o.channel, changed.id, o.url, ${bodySql}, o.status, o.last_error, o.next_attempt_at, o.created_at, o.created_at
    from ${relation} as o
    join changed on changed.reference = o.payment_reference)`;
}

/** Writes outbox rows (inside the caller's transaction). */
export async function insertDeliveries(db: Database, rows: DeliveryInsert[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

type RawDelivery = {
  id: string | number;
  org_id: number;
  event_id: string;
  type: string;
  channel: DeliveryChannel;
  payment_id: string | number | null;
  url: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
};

export type ClaimedDelivery = Pick<DeliveryRow, 'id' | 'orgId' | 'eventId' | 'type' | 'url' | 'body' | 'attempts'> & {
  channel: DeliveryChannel;
  paymentId: number | null;
  status: DeliveryStatus;
  /** The lease this worker holds; completing checks it so a worker that lost its lease changes nothing. */
  lease: Date;
};

/**
 * Claims up to `limit` due deliveries for this worker: rows locked by another transaction are
 * skipped (FOR UPDATE SKIP LOCKED), and the claim moves next_attempt_at to the lease's end, so a
 * worker that dies mid-attempt leaves its rows due again once the lease runs out — never lost.
 */
export async function claimDueDeliveries(db: Database, now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const lease = new Date(now.getTime() + leaseMs);
  // Prepared: the worker claims after every wake-up, so PostgreSQL plans this once per connection.
  const params = new StatementParams();
  const leaseParam = params.add(lease.toISOString());
  const nowParam = params.add(now.toISOString());
  const rows = await runStatement<RawDelivery>(
    db,
    'webhook_deliveries_claim',
    `update webhook_deliveries
        set locked_until = ${leaseParam}, next_attempt_at = ${leaseParam}, updated_at = ${nowParam}
        where id in (
          select id from webhook_deliveries
          where status in ('Pending', 'Retrying') and next_attempt_at <= ${nowParam}
          order by next_attempt_at
          limit ${params.add(limit)}
          for update skip locked
        )
        returning id, org_id, event_id, type, channel, payment_id, url, body, status, attempts`,
    params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    orgId: row.org_id,
    eventId: row.event_id,
    type: row.type,
    channel: row.channel,
    paymentId: row.payment_id === null ? null : Number(row.payment_id),
    url: row.url,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    lease,
  }));
}

/**
 * Hands a claimed delivery back before its lease ends (its run could not finish it), due again at `dueAt`; only while
 * this worker's lease is current, as completeDelivery.
 */
export async function releaseClaim(db: Database, claimed: ClaimedDelivery, dueAt: Date): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lockedUntil: null, nextAttemptAt: dueAt, updatedAt: dueAt })
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.lockedUntil, claimed.lease)));
}

export interface AttemptRecord {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export interface DeliveryOutcome {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  now: Date;
}

/**
 * Stores an attempt and the delivery's new state in one statement (one round trip per delivery).
 * The state changes only while this worker's lease is current (a resend or another worker may have
 * taken the row since); the attempt is kept either way, since it happened.
 */
export async function completeDelivery(
  db: Database,
  claimed: ClaimedDelivery,
  attempt: AttemptRecord | null,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  // Prepared (two shapes: with and without an attempt): every delivery ends here.
  const params = new StatementParams();
  const attemptInsert = attempt
    ? `with attempt as (
         insert into webhook_delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, response_excerpt, error)
         values (${[
           claimed.id,
           attempt.attempt,
           attempt.startedAt.toISOString(),
           attempt.durationMs,
           attempt.statusCode,
           attempt.responseExcerpt?.slice(0, 500) ?? null,
           attempt.error?.slice(0, 1000) ?? null,
         ]
           .map((value) => params.add(value))
           .join(', ')})
       )`
    : '';
  const rows = await runStatement<{ id: string }>(
    db,
    attempt ? 'webhook_delivery_complete_attempt' : 'webhook_delivery_complete',
    `${attemptInsert}
     update webhook_deliveries
        set status = ${params.add(outcome.status)},
            attempts = attempts + ${attempt ? 1 : 0},
            next_attempt_at = ${params.add(iso(outcome.nextAttemptAt))},
            locked_until = null,
            last_response_code = ${params.add(outcome.lastResponseCode)},
            last_error = ${params.add(outcome.lastError?.slice(0, 1000) ?? null)},
            delivered_at = ${params.add(iso(outcome.deliveredAt))},
            updated_at = ${params.add(outcome.now.toISOString())}
      where id = ${params.add(claimed.id)} and locked_until = ${params.add(claimed.lease.toISOString())}
      returning id`,
    params,
  );
  return rows.length > 0;
}

/** A page of an organisation's webhook deliveries (not its receipt e-mails), newest first. */
export async function listDeliveries(db: Database, orgId: number, page: { limit: number; offset: number }) {
  const where = and(eq(webhookDeliveries.orgId, orgId), ne(webhookDeliveries.channel, 'email'));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** Makes a delivery due now again (Resend): same row, same event id and body. */
export async function requeueDelivery(db: Database, orgId: number, id: number, now: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'Pending', nextAttemptAt: now, lockedUntil: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.orgId, orgId), ne(webhookDeliveries.channel, 'email')))
    .returning();
  return row;
}

/** The attempts of one delivery, oldest first. */
export function listAttempts(db: Database, deliveryId: number) {
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
    .orderBy(webhookDeliveryAttempts.id);
}

/** Whether a receipt e-mail for this payment was already handed to the mailer (a crash-retry must not send it twice). */
export async function receiptMailAlreadySent(db: Database, paymentId: number, subject: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.paymentId, paymentId),
        eq(mailMessages.subject, subject),
        sql`${mailMessages.status} in ('pending', 'sent', 'logged')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Links a stored mail message to its payment. */
export async function linkMailToPayment(db: Database, mailId: number, paymentId: number): Promise<void> {
  await db.update(mailMessages).set({ paymentId }).where(eq(mailMessages.id, mailId));
}

/** Deletes finished deliveries (and their attempts) last changed before `before`; pending ones always stay. */
export async function pruneFinishedDeliveries(db: Database, before: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from webhook_deliveries
        where status in ('Success', 'Failed', 'Disabled') and updated_at < ${before.toISOString()}
        returning id`,
  );
  return rows.length;
}
