// System Logs on the wire: API requests and inbound PSP callbacks.
import { Type } from 'typebox';
import { DatabaseId, DateTime, OrNull } from './common.ts';
import { PageQuery } from './pagination.ts';

export const ApiLog = Type.Object(
  {
    id: Type.Integer(),
    timestamp: DateTime,
    method: Type.String(),
    endpoint: Type.String({ description: 'path without the query string' }),
    statusCode: Type.Integer(),
  },
  { $id: 'ApiLog' },
);
export const WebhookLog = Type.Object(
  {
    id: Type.Integer(),
    timestamp: DateTime,
    createdAt: DateTime,
    status: Type.String({ description: 'accepted, duplicate, ignored or rejected' }),
    provider: Type.String(),
    reference: OrNull(Type.String()),
    orgId: OrNull(Type.Integer()),
    organisation: OrNull(Type.String({ description: "the organisation's name; null when none was found" })),
    signatureValid: OrNull(Type.Boolean()),
    httpStatus: Type.Integer({ description: 'what Payrail answered the PSP' }),
    message: OrNull(Type.String()),
  },
  { $id: 'WebhookLog' },
);
/** References to the registered log schemas (the route plugin adds them once). */
export const ApiLogRef = Type.Ref('ApiLog');
export const WebhookLogRef = Type.Ref('WebhookLog');

export const LogPageQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export const WebhookLogQuery = Type.Object({ ...PageQuery, orgId: Type.Optional(DatabaseId()) }, { additionalProperties: false });
