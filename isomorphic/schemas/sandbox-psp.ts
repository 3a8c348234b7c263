// The built-in Sandbox PSP's own API on the wire (what a gateway config calls, and its pay page).
import { Type } from 'typebox';

export const SandboxTransaction = Type.Object({
  providerReference: Type.String(),
  reference: Type.String(),
  status: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  checkoutUrl: Type.String(),
});
export const SandboxInitBody = Type.Object(
  {
    amount: Type.Union([Type.String({ maxLength: 40 }), Type.Number()]),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    reference: Type.String({ minLength: 1, maxLength: 100 }),
    customerEmail: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 320 })])),
    callbackUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
    notificationUrl: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2048 })])),
  },
  { additionalProperties: true },
);
export const SandboxVerifyParams = Type.Object({ reference: Type.String({ maxLength: 100 }) });
export const SandboxProviderReferenceParams = Type.Object({ providerReference: Type.String({ pattern: '^SBX-[0-9A-F]{12}$' }) });
export const SandboxPayPage = Type.String({ description: 'text/html' });
export const SandboxSettleBody = Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failed')]) });
export const SandboxSettleRedirect = Type.Null();

/** A refund request to the Sandbox PSP: the transaction (its SBX- or merchant reference) and the amount in minor units. */
export const SandboxRefundBody = Type.Object(
  {
    transaction: Type.String({ minLength: 1, maxLength: 100 }),
    amountMinor: Type.Integer({ minimum: 1 }),
    reference: Type.String({ minLength: 1, maxLength: 100, description: "the merchant's refund reference" }),
    reason: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 500 })])),
  },
  { additionalProperties: true },
);
/** The Sandbox PSP's answer to a refund: succeeded, failed with a message (amount ending in .13) or pending (.17). */
export const SandboxRefund = Type.Object({
  refundReference: Type.String(),
  transaction: Type.String(),
  reference: Type.String(),
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('pending')]),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  message: Type.Union([Type.Null(), Type.String()]),
});

/** A refund status lookup: the transaction (SBX- or merchant reference) and the refund's SBXR- reference. */
export const SandboxRefundStatusParams = Type.Object({
  reference: Type.String({ maxLength: 100 }),
  refundReference: Type.String({ pattern: '^SBXR-[0-9A-F]{12}$' }),
});
/** The Sandbox PSP's answer to a refund status lookup: a refund it accepted has completed. */
export const SandboxRefundStatus = Type.Object({
  refundReference: Type.String(),
  transaction: Type.String(),
  status: Type.Literal('succeeded'),
});
