import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findPaymentByReference } from '../payments/payments-repository.ts';
import type { AuditChanges, AuditEventWire } from '../../../isomorphic/schemas/audit.ts';
import { CSV_BOM, csvRow } from '../../../isomorphic/csv.ts';
import type { AuditActor } from './audit-actor.ts';
import { insertAuditEvent, listAuditEvents, type AuditEventRow, type AuditFilter } from './audit-repository.ts';
import { maskValue } from './mask.ts';

export type { AuditActor };
export { SYSTEM_ACTOR, WORKER_ACTOR } from './audit-actor.ts';

/** What an audited action did: its dotted verb, its target, the target's organisation and the changed fields. */
export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number | null;
  /** The target's organisation (what an orgadmin's Audit view shows); null for global targets. */
  orgId: number | null;
  changes?: AuditChanges | undefined;
}

/**
 * The one writer of the audit trail: appends the entry with every secret in its changes masked (mask.ts). Call it
 * with the transaction that makes the change, so both commit or neither does.
 */
export async function recordAudit(db: Database, clock: Clock, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const changes = Object.fromEntries(
    Object.entries(entry.changes ?? {}).map(([field, { before, after }]) => [
      field,
      { before: maskValue(before ?? null, field), after: maskValue(after ?? null, field) },
    ]),
  );
  await insertAuditEvent(db, {
    at: clock.now(),
    actor,
    orgId: entry.orgId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    changes,
  });
}

/**
 * Runs `work` in a transaction and appends the entry `entryOf` makes of its result in the same transaction: for a
 * change written by a function that takes only a database handle (the reference tables, file uploads).
 */
export async function withAudit<Result>(
  db: Database,
  clock: Clock,
  actor: AuditActor,
  work: (tx: Database) => Promise<Result>,
  entryOf: (result: Result) => AuditEntry,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAudit(tx, clock, actor, entryOf(result));
    return result;
  });
}

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields of `after` whose value differs from `before` ({ field: { before, after } }); a field missing from one side
 * is null there. `fields` limits it to the ones worth recording (never a row's bookkeeping columns).
 */
export function changesBetween(
  before: object | null | undefined,
  after: object | null | undefined,
  fields?: readonly string[],
): AuditChanges {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChanges = {};
  for (const name of names) {
    const old = (before as Record<string, unknown> | null | undefined)?.[name] ?? null;
    const now = (after as Record<string, unknown> | null | undefined)?.[name] ?? null;
    if (comparable(old) !== comparable(now)) changes[name] = { before: old, after: now };
  }
  return changes;
}

/** The filters of the list and export as the query sent them. */
export interface AuditQuery {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function dateOf(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw badRequest(`${name} must be a date and time (ISO 8601).`);
  return date;
}

/** The repository filter of a query, for one organisation (a number) or every one (null); a bad date is a 400. */
export function auditFilterOf(orgId: number | null, query: AuditQuery): AuditFilter {
  const from = dateOf(query.from, 'from');
  const to = dateOf(query.to, 'to');
  if (from && to && from >= to) throw badRequest('from must be before to.');
  const trimmed = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  return {
    orgId: orgId ?? undefined,
    actor: trimmed(query.actor),
    actionPrefix: trimmed(query.action),
    targetType: trimmed(query.targetType),
    targetId: trimmed(query.targetId),
    from,
    to,
  };
}

function toWire(row: AuditEventRow): AuditEventWire {
  return {
    id: row.id,
    at: row.at,
    actorKind: row.actorKind as AuditEventWire['actorKind'],
    actorUserId: row.actorUserId,
    actor: row.actorLabel,
    actorRole: row.actorRole,
    organisationId: row.orgId,
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    changes: row.changes,
  };
}

/** One page of entries, newest first, and the cursor of the next (older) page. */
export async function auditEventPage(
  db: Database,
  filter: AuditFilter,
  page: { pageSize: number; after?: string | undefined },
): Promise<{ items: AuditEventWire[]; next: string | null }> {
  const beforeId = page.after === undefined ? undefined : Number(page.after);
  const rows = await listAuditEvents(db, { ...filter, beforeId }, page.pageSize + 1);
  const items = rows.slice(0, page.pageSize).map(toWire);
  const last = items.at(-1);
  return { items, next: rows.length > page.pageSize && last ? String(last.id) : null };
}

/** The entries of one payment (its reference), oldest first: the payment detail page's Audit section; 404 outside `orgId`. */
export async function paymentAuditEvents(db: Database, orgId: number | null, reference: string): Promise<AuditEventWire[]> {
  const payment = await findPaymentByReference(db, reference);
  if (!payment || (orgId !== null && payment.orgId !== orgId)) throw notFound('Payment not found.');
  const rows = await listAuditEvents(db, { orgId: orgId ?? undefined, targetType: 'payment', targetId: reference }, 500);
  return rows.reverse().map(toWire);
}

const CSV_HEADER = [
  'At',
  'Actor kind',
  'Actor',
  'Role',
  'Organisation ID',
  'Client address',
  'User agent',
  'Action',
  'Target',
  'Target ID',
  'Changes',
];
const EXPORT_PAGE = 1000;

/** Every entry matching the filter as CSV chunks (BOM and header first, newest first), read a page at a time. */
export async function* auditEventsCsv(db: Database, filter: AuditFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(CSV_HEADER);
  let beforeId: number | undefined;
  for (;;) {
    const rows = await listAuditEvents(db, { ...filter, beforeId }, EXPORT_PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRow([
          row.at.toISOString(),
          row.actorKind,
          row.actorLabel,
          row.actorRole,
          row.orgId,
          row.clientAddress,
          row.userAgent,
          row.action,
          row.targetType,
          row.targetId,
          JSON.stringify(row.changes),
        ]),
      )
      .join('');
    if (rows.length < EXPORT_PAGE) return;
    beforeId = rows.at(-1)!.id;
  }
}
