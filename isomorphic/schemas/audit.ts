// The audit trail on the wire: who did what to which target, and the fields it changed (secrets masked).
import { Type, type Static } from 'typebox';
import { DatabaseId, DateTime, OrNull, StringEnum } from './common.ts';

export const AUDIT_ACTOR_KINDS = ['user', 'api-token', 'checkout', 'record-url', 'psp-callback', 'worker', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** One changed field: its value before and after (null when it did not exist); secrets are masked ("••••1234"). */
export const AuditChange = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });
export const AuditChanges = Type.Record(Type.String(), AuditChange);
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const AuditEvent = Type.Object(
  {
    id: Type.Integer(),
    at: DateTime,
    actorKind: StringEnum(AUDIT_ACTOR_KINDS),
    actorUserId: OrNull(Type.Integer()),
    actor: OrNull(Type.String({ description: '"Name <e-mail>" of a user when it acted, or what acted (API token, checkout page…)' })),
    actorRole: OrNull(Type.String()),
    organisationId: OrNull(Type.Integer({ description: "the target's organisation; null for global targets" })),
    clientAddress: OrNull(Type.String()),
    userAgent: OrNull(Type.String()),
    action: Type.String({ description: 'a dotted verb: payment.mark-paid, user.create, auth.sign-in.failed…' }),
    targetType: Type.String({ description: 'payment, user, organisation, gateway…' }),
    targetId: OrNull(Type.String({ description: "the target's id or reference" })),
    changes: Type.Record(Type.String(), AuditChange, { description: '{ field: { before, after } }, secrets masked' }),
  },
  { $id: 'AuditEvent' },
);
export type AuditEventWire = Static<typeof AuditEvent>;

/** The filters of the audit list and its CSV export. */
export const AuditFilterQuery = {
  organisationId: Type.Optional(DatabaseId({ description: "superadmin only: one organisation's entries; 400 for anyone else" })),
  actor: Type.Optional(
    Type.String({ maxLength: 200, description: "part of the actor's name or e-mail, or an actor kind (api-token, worker…)" }),
  ),
  action: Type.Optional(Type.String({ maxLength: 80, description: 'an action, or its start (payment. matches every payment action)' })),
  targetType: Type.Optional(Type.String({ maxLength: 40 })),
  targetId: Type.Optional(Type.String({ maxLength: 120, description: "the target's id or reference" })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'at or after' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'before' })),
};

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

export const AuditEventQuery = Type.Object(
  {
    ...AuditFilterQuery,
    pageSize: Type.Optional(
      Type.Union(
        AUDIT_PAGE_SIZES.map((size) => Type.Literal(size)),
        { default: 25 },
      ),
    ),
    after: Type.Optional(
      Type.String({ maxLength: 20, pattern: '^[0-9]+$', description: 'keyset cursor: the `next` of the previous page' }),
    ),
  },
  { additionalProperties: false },
);
export const AuditExportQuery = Type.Object(AuditFilterQuery, { additionalProperties: false });

export const AuditEventList = Type.Object({
  items: Type.Array(Type.Ref('AuditEvent')),
  next: OrNull(Type.String({ description: 'cursor of the next (older) page, pass as after; null on the last page' })),
});
