import { and, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { StatementParams } from '../../db/statements.ts';
import type { AuditChanges } from '../../../isomorphic/schemas/audit.ts';
import type { AuditActor } from './audit-actor.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** One entry to append; `changes` already masked. */
export interface NewAuditEvent {
  at: Date;
  actor: AuditActor;
  orgId: number | null;
  action: string;
  targetType: string;
  targetId: string | null;
  changes: AuditChanges;
}

/** Appends one entry (in the caller's transaction when `db` is one). */
export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<void> {
  const { actor } = event;
  await db.insert(auditEvents).values({
    at: event.at,
    actorKind: actor.kind,
    actorUserId: actor.userId,
    actorLabel: actor.label?.slice(0, 300) ?? null,
    actorRole: actor.role,
    orgId: event.orgId,
    clientAddress: actor.clientAddress?.slice(0, 64) ?? null,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId?.slice(0, 120) ?? null,
    changes: event.changes,
  });
}

export interface AuditFilter {
  /** undefined: every organisation's entries (and the global ones). */
  orgId?: number | undefined;
  actor?: string | undefined;
  actionPrefix?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Entries older than this id (the keyset cursor). */
  beforeId?: number | undefined;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.orgId === undefined ? undefined : eq(auditEvents.orgId, filter.orgId),
    filter.actor === undefined
      ? undefined
      : or(eq(auditEvents.actorKind, filter.actor), ilike(auditEvents.actorLabel, `%${likeEscape(filter.actor)}%`)),
    filter.actionPrefix === undefined ? undefined : like(auditEvents.action, `${likeEscape(filter.actionPrefix)}%`),
    filter.targetType === undefined ? undefined : eq(auditEvents.targetType, filter.targetType),
    filter.targetId === undefined ? undefined : eq(auditEvents.targetId, filter.targetId),
    filter.from === undefined ? undefined : gte(auditEvents.at, filter.from),
    filter.to === undefined ? undefined : lt(auditEvents.at, filter.to),
    filter.beforeId === undefined ? undefined : lt(auditEvents.id, filter.beforeId),
  ];
  return and(...conditions);
}

/** Entries matching the filter, newest first (by id: the order they were written), at most `limit`. */
export async function listAuditEvents(db: Database, filter: AuditFilter, limit: number): Promise<AuditEventRow[]> {
  return db.select().from(auditEvents).where(whereOf(filter)).orderBy(desc(auditEvents.id)).limit(limit);
}

/** Deletes the entries written before `cutoff` (the retention job: the only delete of this table). */
export async function pruneAuditEvents(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
  return rows.length;
}

/**
 * The WITH entry that appends one audit entry per payment in `changed` (the ledger's statement: the payment change and
 * its audit entry commit together). Who acted comes from `actors` per reference; without one, from the change's
 * cause and user (`causeSql`, `actorSql`): a PSP callback, the worker, the checkout page, a Record URL, the API token
 * (a creation without a user) or the user. `fromStatusSql` null marks a creation.
 */
export function paymentAuditCte(
  params: StatementParams,
  sql: { atSql: string; actorSql: string; causeSql: string; fromStatusSql: string },
  actors: Record<string, AuditActor>,
): string {
  const records = Object.entries(actors).map(([reference, actor]) => ({
    reference,
    kind: actor.kind,
    user_id: actor.userId,
    label: actor.label,
    role: actor.role,
    client_address: actor.clientAddress?.slice(0, 64) ?? null,
    user_agent: actor.userAgent?.slice(0, 500) ?? null,
  }));
  const { atSql, actorSql, causeSql, fromStatusSql } = sql;
  const defaultKind = `case ${causeSql} when 'webhook' then 'psp-callback' when 'verify' then 'worker' when 'reconcile' then 'worker'
      when 'checkout' then 'checkout' when 'record-url' then 'record-url'
      else case when ${actorSql} is null then 'api-token' else 'user' end end`;
  const creationChanges = `jsonb_build_object('amountMinor', jsonb_build_object('before', null, 'after', changed.amount_minor),
      'currency', jsonb_build_object('before', null, 'after', changed.currency))`;
  return `audit_entry as (
    insert into audit_events (at, actor_kind, actor_user_id, actor_label, actor_role, org_id, client_address, user_agent,
                              action, target_type, target_id, changes)
    select ${atSql}, coalesce(a.kind, ${defaultKind}), coalesce(a.user_id, ${actorSql}), a.label, a.role, changed.org_id,
           a.client_address, a.user_agent,
           case when ${fromStatusSql} is null then 'payment.create' else 'payment.' || ${causeSql} end, 'payment', changed.reference,
           jsonb_build_object('status', jsonb_build_object('before', ${fromStatusSql}, 'after', changed.status))
             || case when ${fromStatusSql} is null then ${creationChanges} else '{}'::jsonb end
    from changed left join json_to_recordset(${params.add(JSON.stringify(records))}::json)
      as a(reference text, kind text, user_id integer, label text, role text, client_address text, user_agent text)
      on a.reference = changed.reference)`;
}
