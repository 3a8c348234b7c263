// An organisation's API tokens on the wire (docs/security.md#api-tokens): the list and the roll. The routes validate
// and serialise with these, the console types its API client with them. Runs everywhere.
import { Type } from 'typebox';
import { DateTime, OrNull, StringEnum } from './common.ts';

/** How long a rolled token keeps working when the caller does not say: a day, time to deploy the new one. */
export const DEFAULT_GRACE_HOURS = 24;
/** The longest grace period a roll accepts (30 days): a leaked token must not live on for months. */
export const MAX_GRACE_HOURS = 720;

/** `current`: the token to use; `expiring`: rolled, still accepted until expiresAt; `expired`: refused (401). */
export const API_TOKEN_STATES = ['current', 'expiring', 'expired'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];

export const ApiToken = Type.Object({
  id: Type.Integer(),
  state: StringEnum(API_TOKEN_STATES),
  token: OrNull(
    Type.String({ description: 'the current token in full, for superadmins only; null otherwise (a rolled token is never readable)' }),
  ),
  hint: Type.String({ description: 'the masked token (••••abcd), to tell tokens apart' }),
  createdAt: DateTime,
  createdBy: OrNull(Type.String({ description: "the name of the user who rolled it in; null for the organisation's first token" })),
  expiresAt: OrNull(DateTime),
  lastUsedAt: OrNull(DateTime),
});

export const ApiTokenList = Type.Object({ items: Type.Array(ApiToken) });

/** POST …/api-token/rotate. */
export const RotateApiTokenBody = Type.Object(
  {
    graceHours: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_GRACE_HOURS,
        description: `hours the old token keeps working (default ${DEFAULT_GRACE_HOURS}); 0 refuses it at once`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const RotateApiTokenResponse = Type.Object({
  token: Type.String({ description: 'the new token in full: shown once, store it now' }),
  items: Type.Array(ApiToken),
});
