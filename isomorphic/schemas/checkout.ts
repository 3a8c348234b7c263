// The public payment endpoints' wire shapes (hosted checkout, Record URL, bank checkout): no sign-in.
import { Type } from 'typebox';
import { DateTime, HtmlPage, OrNull } from './common.ts';
import { NewPaymentFields, PaymentMetadata } from './payments.ts';

/** A form post answered with a redirect to the PSP or bank. */
export const CheckoutRedirect = {
  description: 'Form posts: on to the PSP or bank (Location header)',
  content: { 'text/html': { schema: Type.String() } },
};
export const CheckoutTokenParams = Type.Object({ token: Type.String({ maxLength: 200, description: 'the organisation checkout token' }) });
export const RecordTokenParams = Type.Object({
  token: Type.String({ maxLength: 200, description: 'the token of the organisation Record URL' }),
});
export const CheckoutReferenceParams = Type.Object({ reference: Type.String({ maxLength: 40, description: 'the payment reference' }) });

// The customer pages may leave the description out.
const customerFields = { ...NewPaymentFields, description: Type.Optional(Type.String({ maxLength: 500 })) };

export const CheckoutBody = Type.Object(
  { ...customerFields, isBankPayment: Type.Optional(Type.Boolean({ description: 'bank checkout instead of the gateways' })) },
  { additionalProperties: false },
);
export const RecordBody = Type.Object({ ...customerFields, metadata: Type.Optional(PaymentMetadata) }, { additionalProperties: false });

export const CheckoutResponse = Type.Object({
  reference: Type.String(),
  status: Type.String(),
  amount: Type.String(),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  checkoutUrl: OrNull(Type.String({ description: "the PSP's payment page (gateway payments)" })),
  bankCheckoutUrl: OrNull(Type.String({ description: 'the bank choice page (bank payments)' })),
  invoiceUrl: Type.String(),
  error: OrNull(Type.String({ description: 'why no payment page is available' })),
});
export const RecordResponse = Type.Object({
  reference: Type.String(),
  receiptNumber: OrNull(Type.String()),
  receiptUrl: Type.String(),
  amount: Type.String(),
  amountMinor: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  customerName: Type.String(),
  customerEmail: Type.String(),
  description: Type.String(),
  paidAt: OrNull(DateTime),
});
export const BankOption = Type.Object({ code: Type.String(), name: Type.String(), logoUrl: OrNull(Type.String()) });
export const BankCheckoutOptions = Type.Object({
  reference: Type.String(),
  organisation: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  description: Type.String(),
  status: Type.String(),
  receiptNumber: OrNull(Type.String()),
  bank: OrNull(Type.String({ description: 'the bank chosen so far' })),
  banks: Type.Array(BankOption, { description: 'empty once the payment is final' }),
});
export const SelectBankBody = Type.Object({ bankCode: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });
export const BankRedirect = Type.Object({ redirectUrl: Type.String() });

/** The hosted checkout page's unknown or rotated link. */
export const CheckoutNotFoundPage = { ...HtmlPage, description: 'Unknown, rotated or malformed (an HTML page)' };
export const CHECKOUT_PREFILL_FIELDS = ['amount', 'currency', 'description', 'customerName', 'customerEmail', 'customerPhone'] as const;
/** Values a link may prefill on the hosted checkout page. */
export const CheckoutPrefillQuery = Type.Object(
  Object.fromEntries(CHECKOUT_PREFILL_FIELDS.map((name) => [name, Type.Optional(Type.String({ maxLength: 500 }))])),
  { additionalProperties: true },
);
export const CheckoutPageParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
export const BankPageParams = Type.Object({ reference: Type.String({ maxLength: 40 }) });
