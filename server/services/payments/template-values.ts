import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { TemplateValues } from '../../../isomorphic/template.ts';
import type { PaymentRow } from './payments-repository.ts';

/** Where the PSP or bank sends the payer back and its server-to-server notification. */
export interface PaymentUrls {
  callbackUrl?: string;
  notificationUrl?: string;
}

/** The template tokens of a payment (docs/decisions.md#payments) for an adapter `init` or `verify` call. */
export function paymentTemplateValues(payment: PaymentRow, baseUnit: number, urls: PaymentUrls = {}): TemplateValues {
  return {
    amount: fromMinorUnits(payment.amountMinor, baseUnit),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    reference: payment.reference,
    providerReference: payment.providerReference ?? '',
    callbackUrl: urls.callbackUrl ?? '',
    notificationUrl: urls.notificationUrl ?? '',
    customer: { email: payment.customerEmail, name: payment.customerName, phone: payment.customerPhone },
    meta: payment.metadata ?? {},
  };
}
