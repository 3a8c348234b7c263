import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { callInit, type CallResult } from '../adapter/http-adapter.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { listGateways, type GatewayRow } from '../gateways/gateways-repository.ts';
import { rollUpGatewayChange } from '../ledger/ledger.ts';
import { paymentTemplateValues } from './template-values.ts';
import type { Static } from 'typebox';
import type { GatewayInit as GatewayInitSchema } from '../../../isomorphic/schemas/payments.ts';
import { recordAttempt, setGatewayResult, type PaymentRow } from './payments-repository.ts';

export interface OrchestrationContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  publicUrl: string;
  targets: TargetPolicy;
}

/** What the gateway said when a payment was started through it (the wire's `gatewayInit`). */
export type GatewayInit = Static<typeof GatewayInitSchema>;

/** The gateways to try for an organisation: its own enabled ones by priority, then the global ones. */
export async function gatewaysToTry(db: Database, orgId: number): Promise<GatewayRow[]> {
  const [own, global] = await Promise.all([listGateways(db, orgId), listGateways(db, null)]);
  return [...own, ...global].filter((gateway) => gateway.enabled);
}

/** Records which gateway took a payment; the dashboard's gateway usage moves with it, in one transaction. */
export async function attributeToGateway(
  db: Database,
  paymentId: number,
  gatewayId: number,
  providerReference: string | null,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await rollUpGatewayChange(tx, paymentId, gatewayId);
    await setGatewayResult(tx, paymentId, { gatewayId, providerReference, updatedAt: at });
  });
}

/**
 * Starts a payment at the first gateway that answers: fail-over to the next on a network error,
 * timeout or 5xx; a 4xx or an unreadable answer stops. Every attempt is stored on the payment.
 */
export async function startAtGateway(
  ctx: OrchestrationContext,
  payment: PaymentRow,
  baseUnit: number,
  callbackUrl: string | null,
): Promise<GatewayInit> {
  const candidates = await gatewaysToTry(ctx.db, payment.orgId);
  let last: { gateway: GatewayRow; result: CallResult } | undefined;
  for (const gateway of candidates) {
    const values = paymentTemplateValues(payment, baseUnit, {
      callbackUrl: callbackUrl ?? `${ctx.publicUrl}/receipts/invoice/${payment.reference}`,
      notificationUrl: `${ctx.publicUrl}/api/webhooks/psp/${gateway.providerName}`,
    });
    const secrets = gatewaySecrets(gateway, ctx.dataKey);
    const result = await callInit(gateway.config, values, secrets, {
      policy: ctx.targets,
      clock: ctx.clock,
      baseUrl: gateway.baseUrl,
    });
    await recordAttempt(ctx.db, payment.id, { gatewayId: gateway.id, name: gateway.name }, result, ctx.clock.now());
    last = { gateway, result };
    if (result.outcome === 'ok') {
      await attributeToGateway(ctx.db, payment.id, gateway.id, result.providerReference ?? null, ctx.clock.now());
      return {
        ok: true,
        gateway: gateway.name,
        provider: gateway.providerName,
        checkoutUrl: result.checkoutUrl ?? null,
        providerReference: result.providerReference ?? null,
        error: null,
      };
    }
    if (!result.retryable) break;
  }
  return {
    ok: false,
    gateway: last?.gateway.name ?? null,
    provider: last?.gateway.providerName ?? null,
    checkoutUrl: null,
    providerReference: null,
    error: last ? `${last.gateway.name}: ${last.result.error ?? last.result.outcome}` : 'No enabled gateway.',
  };
}
