import { toMinorUnits } from '../../../isomorphic/money.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { gatewayNameOf } from '../gateways/gateways-repository.ts';
import type { OrganisationForPayments } from '../organisations/organisations-repository.ts';
import { paymentSettingsOf } from '../organisations/payment-settings-cache.ts';
import { cachedCurrenciesByCode } from '../reference/currency-cache.ts';
import { bankCheckoutUrl, banksForCheckout } from './bank-checkout.ts';
import { startAtGateway, gatewaysToTry, type GatewayInit, type OrchestrationContext } from './orchestrator.ts';
import * as rows from './payments-repository.ts';
import { listPayments as listRows, type PaymentFilters } from './payments-list-repository.ts';
import { decodeCursor, encodeCursor } from './payment-filters.ts';
import { newPaymentReference } from './reference.ts';
import { toPublicPayment, type PublicPayment } from './public-payment.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { insertRecordedPayments, type PaymentCreation, type RecordedPayment } from './payment-changes.ts';
import { creationBatchesOf } from './creation-batches.ts';
import { wakeDeliveryWorkers } from '../ledger/ledger.ts';
import { markSuccess } from './transitions.ts';
import { organisationPayment } from './organisation-payment.ts';
import type { PaymentClaim } from './idempotency.ts';

export interface CreatePaymentInput {
  amount: string | number;
  currency?: string | undefined;
  customerName: string;
  customerEmail: string;
  customerPhone?: string | undefined;
  description: string;
  metadata?: Record<string, string> | undefined;
  processViaGateway?: boolean | undefined;
  isBankPayment?: boolean | undefined;
  /** Record URL: the payment was completed elsewhere and is Success (numbered) in the same transaction. */
  alreadyPaid?: boolean | undefined;
  /** Made on the hosted checkout page (recorded as the cause of its creation). */
  viaCheckoutPage?: boolean | undefined;
  /** Who asked for it, for the audit entry of its creation (without it, the creator and channel tell). */
  auditActor?: AuditActor | undefined;
}

export interface CreatedPayment {
  payment: PublicPayment;
  gatewayInit?: GatewayInit;
  /** Bank payments: the page where the customer chooses a bank. */
  bankCheckoutUrl?: string;
}

async function baseUnitOf(db: Database, currency: string): Promise<number> {
  const [row] = await cachedCurrenciesByCode(db, [currency]);
  return row?.baseUnit ?? 100;
}

async function gatewayName(db: Database, gatewayId: number | null): Promise<string | null> {
  if (gatewayId === null) return null;
  return gatewayNameOf(db, gatewayId);
}

/**
 * Creates a Pending payment: exact decimal amount in the currency (the organisation's default unless
 * given, and one of its currencies), a time-sortable reference, and — with processViaGateway — the
 * gateway `init` with fail-over, or with isBankPayment the bank checkout page URL. Bad input creates nothing.
 * With a claim (an Idempotency-Key's), the payment gets the claimed reference; a resumed claim whose payment an
 * earlier attempt created answers with that payment instead of creating another.
 */
export async function createPayment(
  ctx: OrchestrationContext,
  orgId: number,
  createdBy: number | null,
  input: CreatePaymentInput,
  claim?: PaymentClaim,
): Promise<CreatedPayment> {
  const reference = claim?.reference ?? newPaymentReference(ctx.clock);
  if (claim?.resumed) {
    const created = await rows.findPayment(ctx.db, orgId, reference);
    if (created) {
      const organisation = await paymentSettingsOf(ctx.db).get(orgId);
      return answerCreation(ctx, created, await baseUnitOf(ctx.db, created.currency), organisation?.callbackUrl ?? null);
    }
  }
  const { payment, queued, creation } = await recordNewPayment(ctx, orgId, createdBy, input, reference);
  if (queued) wakeDeliveryWorkers();
  // The recorded row is read back: it became Success in the transaction that created it.
  if (input.alreadyPaid) return { payment: await getPayment(ctx.db, orgId, payment.reference) };
  return answerCreation(ctx, payment, creation.baseUnit, creation.org.callbackUrl);
}

/**
 * The answer to a payment's creation: a bank payment with its bank checkout page; a Pending gateway payment once
 * started at the gateways (again, for one whose creator died before answering: its start may not have happened); any
 * other as it is.
 */
async function answerCreation(
  ctx: OrchestrationContext,
  payment: rows.PaymentRow,
  baseUnit: number,
  callbackUrl: string | null,
): Promise<CreatedPayment> {
  if (payment.isBankPayment)
    return { payment: toPublicPayment(payment, baseUnit), bankCheckoutUrl: bankCheckoutUrl(ctx.publicUrl, payment.reference) };
  if (payment.status !== 'Pending') return { payment: await getPayment(ctx.db, payment.orgId, payment.reference) };
  if (!payment.processViaGateway) return { payment: toPublicPayment(payment, baseUnit) };
  const gatewayInit = await startAtGateway(ctx, payment, baseUnit, callbackUrl);
  return { payment: await getPayment(ctx.db, payment.orgId, payment.reference), gatewayInit };
}

/** How often a payment is checked against its organisation's settings before creating it gives up (they kept changing). */
const SETTINGS_ATTEMPTS = 3;

/**
 * Checks a new payment against its organisation's settings (as this process keeps them) and records it. A refusal
 * or a statement that finds the settings changed since they were read is retried with the settings read again, so
 * neither a stale acceptance nor a stale refusal stands; nothing is written before the check passes.
 */
async function recordNewPayment(
  ctx: OrchestrationContext,
  orgId: number,
  createdBy: number | null,
  input: CreatePaymentInput,
  reference: string,
): Promise<RecordedPayment & { creation: PaymentCreation }> {
  const settings = paymentSettingsOf(ctx.db);
  let organisation = await settings.get(orgId);
  for (let attempt = 1; ; attempt++) {
    let creation: PaymentCreation;
    try {
      creation = { ...(await checkNewPayment(ctx, organisation, orgId, createdBy, input, reference)), auditActor: input.auditActor };
    } catch (error) {
      // A refusal may rest on settings this process kept (a currency added since, say): it stands only if the
      // settings as they are now are the same.
      if (!(error instanceof HttpError) || attempt === SETTINGS_ATTEMPTS) throw error;
      const current = await settings.read(orgId);
      if (current?.paymentSettingsVersion === organisation?.paymentSettingsVersion) throw error;
      organisation = current;
      continue;
    }
    // One statement creates and records the payment (with those of concurrent requests); a recorded (already paid)
    // one is made Success in the same transaction.
    const recorded = input.alreadyPaid
      ? await ctx.db.transaction(async (tx) => {
          const [created] = await insertRecordedPayments(tx, [creation]);
          if (created) await markSuccess(tx, created.payment.id, 'record-url', creation.values.createdAt, { auditActor: input.auditActor });
          return created && { payment: created.payment, queued: true };
        })
      : await creationBatchesOf(ctx.db).create(creation);
    if (recorded) return { ...recorded, creation };
    // Nothing was created: the organisation's currencies or webhook destinations changed since they were read.
    if (attempt === SETTINGS_ATTEMPTS)
      throw conflict("The organisation's payment settings changed while the payment was being created; please retry.");
    organisation = await settings.read(orgId);
  }
}

/**
 * The checks of a new payment against its organisation's settings: what to insert, with those settings and the
 * currency's base unit; throws the refusal, writes nothing.
 */
async function checkNewPayment(
  ctx: OrchestrationContext,
  organisation: OrganisationForPayments | undefined,
  orgId: number,
  createdBy: number | null,
  input: CreatePaymentInput,
  reference: string,
): Promise<PaymentCreation> {
  if (!organisation) throw notFound('Organisation not found.');
  const currency = (input.currency ?? organisation.defaultCurrency ?? '').trim().toUpperCase();
  if (!currency) throw badRequest('Currency is required: the organisation has no default currency.');
  if (!organisation.currencies.includes(currency))
    throw badRequest(`Currency ${currency} is not one of the organisation's currencies (${organisation.currencies.join(', ') || 'none'}).`);
  const [currencyRow] = await cachedCurrenciesByCode(ctx.db, [currency]);
  if (!currencyRow) throw badRequest(`Unknown currency: ${currency}.`);
  const amount = toMinorUnits(input.amount, currencyRow.baseUnit, currency);
  if (!amount.ok) throw badRequest(amount.error);
  const customerName = input.customerName.trim();
  const description = input.description.trim();
  if (!customerName) throw badRequest('Customer name is required.');
  if (!description) throw badRequest('Description is required.');
  if (input.alreadyPaid && (input.processViaGateway || input.isBankPayment))
    throw badRequest('A recorded payment is already paid: it cannot also go to a gateway or bank.');
  const bankPayment = input.isBankPayment === true;
  if (bankPayment && (await banksForCheckout(ctx.db, orgId)).length === 0) {
    throw badRequest('No bank is set up for bank checkout: add one in Banks.');
  }
  if (!bankPayment && input.processViaGateway && (await gatewaysToTry(ctx.db, orgId)).length === 0) {
    throw badRequest('No enabled gateway can process this payment: add one in Payment Gateway Configuration.');
  }
  const now = ctx.clock.now();
  const values = {
    reference,
    orgId,
    amountMinor: amount.minor,
    currency,
    customerName,
    customerEmail: input.customerEmail.trim(),
    customerPhone: input.customerPhone?.trim() || null,
    description,
    metadata: input.metadata ?? null,
    processViaGateway: input.processViaGateway ?? false,
    isBankPayment: bankPayment,
    createdBy,
    createdAt: now,
  };
  return { values, org: organisation, baseUnit: currencyRow.baseUnit, cause: input.viaCheckoutPage ? 'checkout' : undefined };
}

/** One payment of the organisation, with its gateway attempts. */
export async function getPayment(db: Database, orgId: number, reference: string): Promise<PublicPayment> {
  const row = await organisationPayment(db, orgId, reference);
  return toPublicPayment(
    row,
    await baseUnitOf(db, row.currency),
    await gatewayName(db, row.gatewayId),
    await rows.listAttempts(db, row.id),
  );
}

/**
 * A page of payments (of one organisation, or of every one when orgId is null) as the API shows them: the filtered
 * total (capped past TOTAL_CAP when counted) and the cursor of the next page.
 */
export async function listPayments(
  db: Database,
  orgId: number | null,
  filters: PaymentFilters,
  page: { page: number; pageSize: number; after?: string | undefined },
) {
  const after = page.after === undefined ? undefined : decodeCursor(page.after);
  // One statement for the page, its gateway names and the total; base units from the per-process currency cache. One
  // row more than the page tells whether another page follows, so a list that ends on a full page offers no `next`.
  const read = await listRows(db, orgId, filters, {
    limit: page.pageSize + 1,
    offset: after ? 0 : (page.page - 1) * page.pageSize,
    after,
  });
  const { total, totalCapped } = read;
  const more = read.items.length > page.pageSize;
  const items = more ? read.items.slice(0, page.pageSize) : read.items;
  const currencies = new Map(
    (await cachedCurrenciesByCode(db, [...new Set(items.map((item) => item.currency))])).map((row) => [row.code, row.baseUnit]),
  );
  const last = items.at(-1);
  return {
    // toPublicPayment reads only the fields it shows, so a listed payment is passed as it is (no per-row copy).
    items: items.map((item) =>
      Object.assign(toPublicPayment(item, currencies.get(item.currency) ?? 100, item.gatewayName), {
        organisationCode: item.organisationCode,
      }),
    ),
    total,
    totalCapped,
    page: page.page,
    pageSize: page.pageSize,
    next: last && more ? encodeCursor(last.cursor) : null,
  };
}

const CANCELLED_NOT_PAYABLE = 'This payment was cancelled: it cannot be marked as paid.';

/**
 * "Mark as paid": a Pending or Failed payment becomes Success (numbered); a Success payment is refused (400), a
 * Cancelled one is a conflict (409).
 */
export async function markPaid(
  db: Database,
  orgId: number,
  reference: string,
  actorUserId: number | null,
  now: Date,
  auditActor?: AuditActor,
): Promise<PublicPayment> {
  const row = await organisationPayment(db, orgId, reference);
  if (row.status === 'Success') throw badRequest('This payment is already paid.');
  if (row.status === 'Cancelled') throw conflict(CANCELLED_NOT_PAYABLE);
  const result = await markSuccess(db, row.id, 'mark-paid', now, { actorUserId, auditActor });
  // Cancelled in the meantime: a cancel is final.
  if (result.status === 'Cancelled') throw conflict(CANCELLED_NOT_PAYABLE);
  return getPayment(db, orgId, reference);
}

/** The public, tokenised receipt URL of a successful payment. */
export async function receiptLink(db: Database, orgId: number, reference: string, publicUrl: string): Promise<{ url: string }> {
  const row = await organisationPayment(db, orgId, reference);
  if (row.status !== 'Success' || !row.receiptToken) throw badRequest('Receipts exist only for successful payments.');
  return { url: `${publicUrl}/receipts/${row.receiptToken}` };
}
