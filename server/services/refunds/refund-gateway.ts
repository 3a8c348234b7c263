import { fromMinorUnits } from '../../../isomorphic/money.ts';
import type { TemplateValues } from '../../../isomorphic/template.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { callRefund, callRefundVerify, type CallResult } from '../adapter/http-adapter.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import type { GatewayRow } from '../gateways/gateways-repository.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { recordAttempt, type PaymentRow } from '../payments/payments-repository.ts';
import { paymentTemplateValues } from '../payments/template-values.ts';
import type { RefundOutcome } from './refund-settlement.ts';
import type { RefundRow } from './refunds-repository.ts';

export interface RefundGatewayContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

/** The template values of a refund call: the payment's own tokens, and `refund.*` / `payment.*` (docs/refunds.md). */
export function refundTemplateValues(
  payment: PaymentRow,
  refund: Pick<RefundRow, 'amountMinor' | 'currency' | 'reference' | 'reason' | 'providerReference'>,
  baseUnit: number,
): TemplateValues {
  return {
    ...paymentTemplateValues(payment, baseUnit),
    refund: {
      amount: fromMinorUnits(refund.amountMinor, baseUnit),
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reference: refund.reference,
      reason: refund.reason,
      providerReference: refund.providerReference ?? '',
    },
    payment: {
      reference: payment.reference,
      providerReference: payment.providerReference ?? '',
      amount: fromMinorUnits(payment.amountMinor, baseUnit),
      amountMinor: payment.amountMinor,
    },
  };
}

/**
 * What the PSP's answer to a refund means. A mapped success or failure settles it; a declined request (4xx) or one
 * the outbound guard refused never moved money, so it fails. A timeout, network error, 5xx or unreadable answer may
 * have refunded or not: the refund stays Pending (its reservation held) until the PSP says (docs/refunds.md).
 */
export function refundOutcomeOf(result: CallResult): RefundOutcome | { status: 'Pending'; providerReference: string | null } {
  const providerReference = result.providerReference ?? null;
  if (result.outcome === 'ok') {
    if (result.mappedStatus === 'success') return { status: 'Succeeded', providerReference };
    if (result.mappedStatus === 'failed')
      return {
        status: 'Failed',
        failureReason: result.message || `The gateway declined the refund (status ${result.status ?? 'unknown'}).`,
        providerReference,
      };
    return { status: 'Pending', providerReference };
  }
  const declined = result.outcome === 'refused' || (result.outcome === 'psp_error' && (result.httpStatus ?? 500) < 500);
  if (declined) return { status: 'Failed', failureReason: `The gateway refused the refund: ${result.error ?? result.outcome}` };
  return { status: 'Pending', providerReference: null };
}

/**
 * Sends a refund through the gateway that took the payment (its config's `refund` operation), through the same
 * outbound guard and timeouts as payments; the call is stored with the payment's gateway attempts.
 */
export async function sendRefundToGateway(
  ctx: RefundGatewayContext,
  gateway: GatewayRow,
  payment: PaymentRow,
  refund: RefundRow,
  baseUnit: number,
): Promise<CallResult> {
  const result = (await callRefund(gateway.config, refundTemplateValues(payment, refund, baseUnit), gatewaySecrets(gateway, ctx.dataKey), {
    policy: ctx.targets,
    clock: ctx.clock,
    baseUrl: gateway.baseUrl,
  })) ?? {
    outcome: 'refused' as const,
    retryable: false,
    httpStatus: null,
    durationMs: 0,
    error: 'The gateway has no refund operation.',
    responseExcerpt: null,
  };
  await recordAttempt(
    ctx.db,
    payment.id,
    { gatewayId: gateway.id, name: `${gateway.name} (refund ${refund.reference})` },
    result,
    ctx.clock.now(),
  );
  return result;
}

/**
 * Asks the gateway about a refund it left pending (the refund block's `verify`), through the same outbound guard and
 * timeouts. Undefined when the config has no refund verify. Not stored with the gateway attempts: the worker asks
 * every minute, and only the answer that settles the refund matters (it is on the refund and its event).
 */
export function verifyRefundAtGateway(
  ctx: RefundGatewayContext,
  gateway: GatewayRow,
  payment: PaymentRow,
  refund: RefundRow,
  baseUnit: number,
): Promise<CallResult | undefined> {
  return callRefundVerify(gateway.config, refundTemplateValues(payment, refund, baseUnit), gatewaySecrets(gateway, ctx.dataKey), {
    policy: ctx.targets,
    clock: ctx.clock,
    baseUrl: gateway.baseUrl,
  });
}

/**
 * What a refund verify's answer means: only a mapped success or failure settles the refund. Anything else (another
 * status, a 4xx such as "not found yet", a 5xx, a timeout) is inconclusive: the refund stays Pending.
 */
export function verifiedRefundOutcome(result: CallResult | undefined): RefundOutcome | undefined {
  if (!result || result.outcome !== 'ok') return undefined;
  const providerReference = result.providerReference ?? null;
  if (result.mappedStatus === 'success') return { status: 'Succeeded', providerReference };
  if (result.mappedStatus === 'failed')
    return {
      status: 'Failed',
      failureReason: result.message || `The gateway reports the refund failed (status ${result.status ?? 'unknown'}).`,
      providerReference,
    };
  return undefined;
}
