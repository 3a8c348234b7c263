import type { Static } from 'typebox';
import { recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { BankCheckoutOptions, BankOption as BankOptionSchema } from '../../../isomorphic/schemas/checkout.ts';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, badRequest, conflict, notFound } from '../../errors.ts';
import { callInit } from '../adapter/http-adapter.ts';
import { listBanks, type BankRow } from '../banks/banks-repository.ts';
import { bankApiConfig } from '../banks/banks-service.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { BANK_CALLBACK_PROVIDER } from '../providers/providers-service.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import type { OrchestrationContext } from './orchestrator.ts';
import { NO_CREDENTIALS } from './payment-verifier.ts';
import { findPaymentByReference, recordAttempt, setBankChoice, type PaymentRow } from './payments-repository.ts';
import { PAYMENT_REFERENCE_PATTERN } from './reference.ts';
import { paymentTemplateValues } from './template-values.ts';

export type BankOption = Static<typeof BankOptionSchema>;
export type BankCheckoutView = Static<typeof BankCheckoutOptions>;

/** The bank checkout page of a payment (where bank payments send the customer). */
export const bankCheckoutUrl = (publicUrl: string, reference: string) => `${publicUrl}/checkout/banks/${encodeURIComponent(reference)}`;

/** The banks a customer of the organisation may choose: its own, then global ones whose code it does not use. */
export async function banksForCheckout(db: Database, orgId: number): Promise<BankRow[]> {
  const [own, global] = await Promise.all([listBanks(db, orgId), listBanks(db, null)]);
  const ownCodes = new Set(own.map((bank) => bank.code));
  return [...own, ...global.filter((bank) => !ownCodes.has(bank.code))];
}

async function bankPayment(db: Database, reference: string): Promise<PaymentRow> {
  if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw notFound('Payment not found.');
  const row = await findPaymentByReference(db, reference);
  if (!row || !row.isBankPayment) throw notFound('Payment not found.');
  return row;
}

/** What the bank checkout page shows: the payment, its status and the banks to choose from. */
export async function bankCheckoutOptions(db: Database, reference: string): Promise<BankCheckoutView> {
  const payment = await bankPayment(db, reference);
  const [organisation, [currency], banks] = await Promise.all([
    findOrganisation(db, payment.orgId),
    findCurrenciesByCode(db, [payment.currency]),
    banksForCheckout(db, payment.orgId),
  ]);
  const chosen = payment.bankId === null ? undefined : banks.find((bank) => bank.id === payment.bankId);
  return {
    reference: payment.reference,
    organisation: organisation?.name ?? '',
    amount: fromMinorUnits(payment.amountMinor, currency?.baseUnit ?? 100),
    currency: payment.currency,
    description: payment.description,
    status: payment.status,
    receiptNumber: payment.receiptNumber,
    bank: chosen?.name ?? null,
    banks: payment.status === 'Pending' ? banks.map((bank) => ({ code: bank.code, name: bank.name, logoUrl: bank.logoUrl })) : [],
  };
}

/** A payment's final status in the words of "This payment is already …". */
const PAST_STATUS: Record<string, string> = { Success: 'paid', Failed: 'failed', Cancelled: 'cancelled' };

/**
 * The customer chose a bank: its apiConfig `init` runs through the adapter engine, the attempt is
 * stored, and the bank's checkout URL comes back. Only a Pending bank payment can choose.
 */
export async function selectBank(
  ctx: OrchestrationContext,
  reference: string,
  bankCode: string,
  actor: AuditActor,
): Promise<{ redirectUrl: string }> {
  const payment = await bankPayment(ctx.db, reference);
  if (payment.status !== 'Pending') throw conflict(`This payment is already ${PAST_STATUS[payment.status] ?? 'closed'}.`);
  const code = bankCode.trim().toUpperCase();
  const bank = (await banksForCheckout(ctx.db, payment.orgId)).find((candidate) => candidate.code === code);
  if (!bank) throw badRequest(`Unknown bank ${code || '(none)'}: choose one of the banks listed.`);
  const [currency] = await findCurrenciesByCode(ctx.db, [payment.currency]);
  const values = paymentTemplateValues(payment, currency?.baseUnit ?? 100, {
    callbackUrl: bankCheckoutUrl(ctx.publicUrl, payment.reference),
    notificationUrl: `${ctx.publicUrl}/api/webhooks/psp/${BANK_CALLBACK_PROVIDER}`,
  });
  const result = await callInit(bankApiConfig(bank, ctx.dataKey), values, NO_CREDENTIALS, { policy: ctx.targets, clock: ctx.clock });
  await recordAttempt(ctx.db, payment.id, { gatewayId: null, name: `${bank.name} (bank)` }, result, ctx.clock.now());
  if (result.outcome !== 'ok' || !result.checkoutUrl) {
    throw new HttpError(502, `${bank.name} could not start the payment; try again or choose another bank.`);
  }
  await ctx.db.transaction(async (tx) => {
    await setBankChoice(tx, payment.id, {
      bankId: bank.id,
      providerReference: result.providerReference ?? null,
      updatedAt: ctx.clock.now(),
    });
    const changes = { bank: { before: null, after: bank.code } };
    await recordAudit(tx, ctx.clock, actor, {
      action: 'payment.bank.select',
      targetType: 'payment',
      targetId: reference,
      orgId: payment.orgId,
      changes,
    });
  });
  return { redirectUrl: result.checkoutUrl };
}
