// The parts other folders contribute to the statement that records a payment change (ledger.ts). Each part owns its
// tables and its SQL and knows nothing of payments beyond the relation `changed` it reads; the ledger asks them through
// these interfaces, so the dependency runs one way: ledger → roll-ups, outbox, numbering.
import type { StatementParams } from '../../db/statements.ts';
import { changeDeltas, refundedRollupCtes, rollupCtes, type Delta } from '../dashboard/rollups.ts';
import { receiptNumberCtes, receiptNumberSelect } from '../receipts/receipt-numbering.ts';
import { outboxCte, type ChangeDelivery, type DeliveryInsert, type OrganisationDestinations } from '../webhooks/deliveries-repository.ts';
import { DELIVERY_CHANNEL } from '../webhooks/delivery-wakeup.ts';
import { changeDeliveries, refundDeliveries, type EventPayment, type RefundEvent } from '../webhooks/outbox.ts';

export type { ChangeDelivery, EventPayment, OrganisationDestinations, RefundEvent };

/** A move between statuses: fromStatus null when the payment is created. */
export interface StatusMove {
  fromStatus: string | null;
  toStatus: string;
}

/** The dashboard's roll-ups: CTEs applying a change (or a gateway move) to the roll-up rows of `changed`. */
export interface RollupPart {
  changeCtes(move: StatusMove, params: StatementParams): string;
  gatewayMoveCtes(status: string, fromGatewayId: number, toGatewayId: number, params: StatementParams): string;
  /** A succeeded refund: adds `amountSql` to the refunded amount of the rows counting `changed`. */
  refundCtes(amountSql: string): string;
}

/** The webhook outbox: the rows announcing a change, the CTE writing them for `changed`, and how to wake its workers. */
export interface OutboxPart {
  deliveries(org: OrganisationDestinations, change: StatusMove & { at: Date }, payment: EventPayment): ChangeDelivery[];
  cte(rows: ChangeDelivery[], params: StatementParams, bodySql?: string): string;
  /** The rows announcing a refund event (refund.created, refund.succeeded, refund.failed). */
  refundDeliveries(org: OrganisationDestinations, event: RefundEvent): DeliveryInsert[];
  /** An expression that notifies the delivery workers of other processes (on commit). */
  notifySql: string;
}

/** Receipt numbering: CTEs taking an organisation's next number (`orgIdSql`), and the SELECT reading what they took. */
export interface NumberingPart {
  ctes(orgIdSql: string): string;
  select: string;
}

export const rollups: RollupPart = {
  changeCtes: (move, params) => rollupCtes(changeDeltas(move), params),
  gatewayMoveCtes(status, fromGatewayId, toGatewayId, params) {
    const deltas: Delta[] = [
      { status, gatewayId: fromGatewayId, sign: -1 },
      { status, gatewayId: toGatewayId, sign: 1 },
    ];
    return rollupCtes(deltas, params);
  },
  refundCtes: refundedRollupCtes,
};

export const outbox: OutboxPart = {
  deliveries: changeDeliveries,
  cte: outboxCte,
  refundDeliveries,
  notifySql: `pg_notify('${DELIVERY_CHANNEL}', '') is null`,
};

export const receiptNumbering: NumberingPart = { ctes: receiptNumberCtes, select: receiptNumberSelect };
