import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { findBankById } from '../banks/banks-repository.ts';
import { bankApiConfig } from '../banks/banks-service.ts';
import { callVerify, type CallResult } from '../adapter/http-adapter.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { findGateway } from '../gateways/gateways-repository.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import type { PaymentRow } from './payments-repository.ts';
import { paymentTemplateValues } from './template-values.ts';

export interface VerifyContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

/** Banks carry no credentials of their own: their apiConfig reads what it needs from `settings`. */
export const NO_CREDENTIALS = { publicKey: '', secretKey: '' };

/**
 * Asks whoever took the payment — its gateway, or for bank checkout the chosen bank's apiConfig —
 * for its status (`verify`). Undefined when the payment was never started anywhere.
 */
export async function verifyPaymentStatus(ctx: VerifyContext, payment: PaymentRow): Promise<CallResult | undefined> {
  const [currency] = await findCurrenciesByCode(ctx.db, [payment.currency]);
  const values = paymentTemplateValues(payment, currency?.baseUnit ?? 100);
  const options = { policy: ctx.targets, clock: ctx.clock };
  if (payment.gatewayId !== null) {
    const gateway = (await findGateway(ctx.db, payment.orgId, payment.gatewayId)) ?? (await findGateway(ctx.db, null, payment.gatewayId));
    if (!gateway) return undefined;
    return callVerify(gateway.config, values, gatewaySecrets(gateway, ctx.dataKey), {
      ...options,
      baseUrl: gateway.baseUrl,
    });
  }
  if (payment.bankId !== null) {
    const bank = await findBankById(ctx.db, payment.bankId);
    if (!bank) return undefined;
    return callVerify(bankApiConfig(bank, ctx.dataKey), values, NO_CREDENTIALS, options);
  }
  return undefined;
}
