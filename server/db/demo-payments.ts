import type { Clock } from '../clock.ts';
import type { TargetPolicy } from '../services/adapter/target-guard.ts';
import { countOrganisationPayments, findPayment } from '../services/payments/payments-repository.ts';
import { attributeToGateway } from '../services/payments/orchestrator.ts';
import { createPayment } from '../services/payments/payments-service.ts';
import { markFailed, markSuccess } from '../services/payments/transitions.ts';
import type { Database } from './client.ts';

const CUSTOMERS = [
  ['Ama Mensah', 'ama.mensah'],
  ['Kofi Boateng', 'kofi.boateng'],
  ['Abena Owusu', 'abena.owusu'],
  ['Yaw Asante', 'yaw.asante'],
  ['Efua Darko', 'efua.darko'],
  ['Kwame Appiah', 'kwame.appiah'],
  ['Akosua Frimpong', 'akosua.frimpong'],
  ['Kojo Antwi', 'kojo.antwi'],
] as const;
const PURPOSES = ['Water bill', 'School fees', 'Electricity prepaid', 'Market stall levy', 'Business permit', 'Property rate'] as const;

/** A small deterministic generator, so every `npm run demo` shows the same living data. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export interface DemoPaymentsOptions {
  db: Database;
  dataKey: Buffer;
  publicUrl: string;
  targets: TargetPolicy;
  clock: Clock;
  orgId: number;
  /** The gateway the demo payments are attributed to (its usage shows on the dashboard). */
  gatewayId: number | null;
  count?: number;
}

/**
 * Realistic payments over the last 30 days for the demo organisation — mostly paid, some failed, a few
 * still pending — made through the same services as real ones (numbers, roll-ups and history included).
 * Does nothing when the organisation already has payments.
 */
export async function seedDemoPayments(options: DemoPaymentsOptions): Promise<number> {
  const { db, orgId } = options;
  if ((await countOrganisationPayments(db, orgId)) > 0) return 0;
  const random = seeded(20_261_122);
  const now = options.clock.now().getTime();
  const count = options.count ?? 60;
  for (let index = 0; index < count; index++) {
    const createdAt = new Date(now - Math.floor(random() * 30 * 24 * 60) * 60_000 - 60 * 60_000);
    const [name, mailbox] = CUSTOMERS[Math.floor(random() * CUSTOMERS.length)] ?? CUSTOMERS[0];
    const usd = random() < 0.15;
    const amount = usd ? (5 + Math.floor(random() * 200)).toFixed(2) : (10 + Math.floor(random() * 90_000) / 100).toFixed(2);
    const at = { now: () => createdAt };
    const { payment } = await createPayment({ ...options, clock: at }, orgId, null, {
      amount,
      currency: usd ? 'USD' : 'GHS',
      customerName: name,
      customerEmail: `${mailbox}@example.com`,
      description: PURPOSES[Math.floor(random() * PURPOSES.length)] ?? PURPOSES[0],
    });
    const row = await findPayment(db, orgId, payment.reference);
    if (!row) continue;
    if (options.gatewayId !== null) await attributeToGateway(db, row.id, options.gatewayId, null, createdAt);
    const outcome = random();
    const settledAt = new Date(createdAt.getTime() + Math.floor(random() * 30) * 60_000 + 60_000);
    if (outcome < 0.75) await markSuccess(db, row.id, 'mark-paid', settledAt);
    else if (outcome < 0.87) await markFailed(db, row.id, 'verify', settledAt);
  }
  return count;
}
