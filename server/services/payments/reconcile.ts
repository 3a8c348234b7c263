import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { GatewayConfig } from '../../../src/lib/gateway-config/index.ts';
import { fromMinorUnits } from '../../../src/lib/money.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { callVerify } from '../adapter/http-adapter.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { findGateway } from '../gateways/gateways-repository.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import { markFailed, markSuccess } from './transitions.ts';

export interface ReconcileOptions {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
  /** Pending payments older than this are asked about. */
  afterMs: number;
  /** …but not older than this (abandoned checkouts are left alone). */
  maxAgeMs: number;
  batchSize: number;
}

/**
 * Asks the PSP (`verify`) about gateway payments still Pending past the configured age, and applies a
 * final answer exactly as a webhook would. Returns how many payments changed.
 */
export async function reconcilePending(options: ReconcileOptions): Promise<number> {
  const now = options.clock.now().getTime();
  const candidates = await options.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'Pending'),
        isNotNull(payments.gatewayId),
        lt(payments.createdAt, new Date(now - options.afterMs)),
        gt(payments.createdAt, new Date(now - options.maxAgeMs)),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(options.batchSize);
  let changed = 0;
  for (const payment of candidates) {
    const gatewayId = payment.gatewayId ?? 0;
    const gateway = (await findGateway(options.db, payment.orgId, gatewayId)) ?? (await findGateway(options.db, null, gatewayId));
    if (!gateway) continue;
    const [currency] = await findCurrenciesByCode(options.db, [payment.currency]);
    const result = await callVerify(
      gateway.config as GatewayConfig,
      {
        reference: payment.reference,
        providerReference: payment.providerReference ?? '',
        amount: fromMinorUnits(payment.amountMinor, currency?.baseUnit ?? 100),
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        customer: { email: payment.customerEmail, name: payment.customerName, phone: payment.customerPhone },
        meta: {},
      },
      gatewaySecrets(gateway, options.dataKey),
      { policy: options.targets, clock: options.clock, baseUrl: gateway.baseUrl },
    );
    // Touch it either way, so the oldest unanswered payments do not starve the rest.
    await options.db.update(payments).set({ updatedAt: options.clock.now() }).where(eq(payments.id, payment.id));
    if (result.outcome !== 'ok' || !result.mappedStatus || result.mappedStatus === 'pending') continue;
    const at = options.clock.now();
    const transition = await options.db.transaction((tx) =>
      result.mappedStatus === 'success' ? markSuccess(tx, payment.id, 'reconcile', at) : markFailed(tx, payment.id, 'reconcile', at),
    );
    if (transition.changed) changed++;
  }
  return changed;
}
