// A bank's wire shape (bank checkout; global and organisation banks alike).
import { Type } from 'typebox';
import { DateTime, OrNull } from './common.ts';

export const Bank = Type.Object(
  {
    id: Type.Integer(),
    orgId: OrNull(Type.Integer()),
    code: Type.String(),
    name: Type.String(),
    logoUrl: OrNull(Type.String()),
    apiConfig: Type.Unknown({ description: 'credentials (settings values, literal auth values) as masked hints' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Bank' },
);
/** A reference to the registered `Bank` schema (the route plugin adds it once). */
export const BankRef = Type.Ref('Bank');
export const BankList = Type.Array(BankRef);

const fields = {
  code: Type.String({ minLength: 1, maxLength: 40 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  logoUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  apiConfig: Type.Unknown({
    description: 'the same JSON as a gateway config: baseUrl, auth, webhook, init, verify; a masked credential keeps the stored one',
  }),
};
export const CreateBankBody = Type.Object(fields, { additionalProperties: false });
export const UpdateBankBody = Type.Object(
  {
    code: Type.Optional(fields.code),
    name: Type.Optional(fields.name),
    logoUrl: fields.logoUrl,
    apiConfig: Type.Optional(fields.apiConfig),
  },
  { additionalProperties: false },
);
