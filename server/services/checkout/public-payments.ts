import type { AuditActor } from '../audit/audit-actor.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { organisationIdByCheckoutToken, organisationIdByRecordToken } from '../organisations/public-urls.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { banksForCheckout } from '../payments/bank-checkout.ts';
import { gatewaysToTry, type OrchestrationContext } from '../payments/orchestrator.ts';
import { createPayment, receiptLink, type CreatedPayment } from '../payments/payments-service.ts';
import type { PaymentClaim } from '../payments/idempotency.ts';
import type { PublicPayment } from '../payments/public-payment.ts';

export interface PublicPaymentInput {
  amount: string | number;
  currency?: string | undefined;
  customerName: string;
  customerEmail: string;
  customerPhone?: string | undefined;
  description?: string | undefined;
  /** Who asked (the audit entry's actor): the checkout page or Record URL request. */
  auditActor?: AuditActor | undefined;
}

const UNKNOWN_LINK = 'This payment link is not valid (it may have been replaced by a newer one).';

/** The organisation behind a checkout token, or 404 (an unknown and a rotated token look the same). */
export async function checkoutOrganisation(db: Database, token: string) {
  const orgId = await organisationIdByCheckoutToken(db, token);
  const organisation = orgId === undefined ? undefined : await findOrganisation(db, orgId);
  if (!organisation) throw notFound(UNKNOWN_LINK);
  return organisation;
}

/** The payment methods the hosted checkout can offer the organisation's customers right now. */
export async function checkoutPaymentMethods(db: Database, orgId: number): Promise<{ gateway: boolean; bank: boolean }> {
  const [gateways, banks] = await Promise.all([gatewaysToTry(db, orgId), banksForCheckout(db, orgId)]);
  return { gateway: gateways.length > 0, bank: banks.length > 0 };
}

/**
 * A customer's payment from the hosted checkout page (or an integrator posting to the checkout URL):
 * started at the gateways, or at bank checkout when asked for.
 */
export async function startCheckoutPayment(
  ctx: OrchestrationContext,
  token: string,
  input: PublicPaymentInput & { isBankPayment?: boolean | undefined },
  claim?: PaymentClaim,
): Promise<CreatedPayment> {
  const organisation = await checkoutOrganisation(ctx.db, token);
  return createPayment(
    ctx,
    organisation.id,
    null,
    {
      ...input,
      description: input.description?.trim() || `Payment to ${organisation.name}`,
      processViaGateway: !input.isBankPayment,
      isBankPayment: input.isBankPayment ?? false,
      viaCheckoutPage: true,
    },
    claim,
  );
}

/**
 * The Record URL: a payment completed elsewhere (cash desk, bank transfer) is recorded and marked
 * Success at once, numbered and receipted; the cause is kept as `record-url`.
 */
export async function recordCompletedPayment(
  ctx: OrchestrationContext,
  token: string,
  input: PublicPaymentInput & { metadata?: Record<string, string> | undefined },
  claim?: PaymentClaim,
): Promise<{ payment: PublicPayment; receiptUrl: string }> {
  const orgId = await organisationIdByRecordToken(ctx.db, ctx.dataKey, token);
  if (orgId === undefined) throw notFound(UNKNOWN_LINK);
  const { payment } = await createPayment(
    ctx,
    orgId,
    null,
    { ...input, description: input.description?.trim() || 'Recorded payment', alreadyPaid: true },
    claim,
  );
  return { payment, receiptUrl: (await receiptLink(ctx.db, orgId, payment.reference, ctx.publicUrl)).url };
}
