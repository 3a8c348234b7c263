import { pruneApiLogs } from '../api-log/api-logs-repository.ts';
import { pruneAuditEvents } from '../audit/audit-repository.ts';
import { pruneWebhookLogs } from '../psp-callbacks/webhook-logs-repository.ts';
import { pruneSessions } from '../auth/sessions-repository.ts';
import { pruneExpiredResets } from '../auth/password-resets-repository.ts';
import { pruneExpiredThrottles } from '../auth/throttles-repository.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { findPaymentById } from '../payments/payments-repository.ts';
import { reconcilePending } from '../payments/reconcile.ts';
import { settlePendingRefunds } from '../refunds/pending-refunds.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { deliverDueWebhooks } from '../webhooks/delivery.ts';
import { listenForDeliveries, onDeliveriesQueued } from '../webhooks/delivery-wakeup.ts';
import { pruneFinishedDeliveries } from '../webhooks/deliveries-repository.ts';
import type { WorkerJob } from './worker-loop.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface JobOptions {
  apiLogRetentionDays: number;
  webhookLogRetentionDays: number;
  /** Days audit entries are kept (default 365). */
  auditRetentionDays?: number;
  reconcileAfterMinutes: number;
  /** A gateway refund without a refund verify that stays Pending this long fails (default 72). */
  refundPendingMaxHours?: number;
  dataKey: Buffer;
  targets: TargetPolicy;
  /** Receipt links in autoNotify e-mails (PUBLIC_URL), and the mailer that sends them. */
  publicUrl?: string;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** How often the outbound webhook delivery job looks for due rows (the fallback: queuing wakes it at once). */
  webhookPollMs?: number;
  /** PostgreSQL: the delivery job also LISTENs there, so deliveries queued by other processes wake it too. */
  databaseUrl?: string | undefined;
  /** Per-attempt timeout and claim lease of webhook deliveries (defaults: 15 s and timeout + 45 s); tests shorten them. */
  webhookTimeoutMs?: number;
  webhookLeaseMs?: number;
}

/** The jobs every Payrail worker runs: outbound webhook delivery, reconciling stale pending payments and refunds, housekeeping. */
export function workerJobs(options: JobOptions): WorkerJob[] {
  let mailer: Mailer | undefined;
  return [
    {
      name: 'deliver-webhooks',
      everyMs: options.webhookPollMs ?? 500,
      wakeOn(wake, log) {
        const unsubscribe = onDeliveriesQueued(wake);
        const unlisten = options.databaseUrl ? listenForDeliveries(options.databaseUrl, wake, log) : undefined;
        return async () => {
          unsubscribe();
          await unlisten?.();
        };
      },
      async run({ db, clock, log, wakeUps }) {
        mailer ??= createMailer({ db, clock, log, smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'Payrail <no-reply@payrail.local>' });
        await deliverDueWebhooks({
          db,
          clock,
          log,
          dataKey: options.dataKey,
          targets: options.targets,
          publicUrl: options.publicUrl ?? 'http://localhost:3000',
          mailer,
          findPayment: findPaymentById,
          timeoutMs: options.webhookTimeoutMs,
          leaseMs: options.webhookLeaseMs,
          wakeUps,
        });
      },
    },
    {
      name: 'reconcile-pending-payments',
      everyMs: 60 * 1000,
      async run({ db, clock, log }) {
        const changed = await reconcilePending({
          db,
          clock,
          dataKey: options.dataKey,
          targets: options.targets,
          afterMs: options.reconcileAfterMinutes * 60 * 1000,
          maxAgeMs: 7 * DAY,
          batchSize: 100,
          onError: (payment, error) =>
            log.warn({ paymentId: payment.id, reference: payment.reference, err: error }, 'could not reconcile a pending payment'),
        });
        if (changed > 0) log.info({ changed }, 'reconciled pending payments with their PSPs');
      },
    },
    {
      name: 'settle-pending-refunds',
      everyMs: 60 * 1000,
      async run({ db, clock, log }) {
        const settled = await settlePendingRefunds({
          db,
          clock,
          dataKey: options.dataKey,
          targets: options.targets,
          afterMs: 60 * 1000,
          recheckMs: 60 * 1000,
          maxPendingMs: (options.refundPendingMaxHours ?? 72) * HOUR,
          batchSize: 100,
          onError: (refund, error) =>
            log.warn({ refundId: refund.id, reference: refund.reference, err: error }, 'could not settle a pending refund'),
        });
        if (settled > 0) log.info({ settled }, 'settled pending refunds');
      },
    },
    {
      name: 'prune-password-resets',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneExpiredResets(db, new Date(clock.now().getTime() - DAY));
        if (removed > 0) log.info({ removed }, 'pruned old password resets');
      },
    },
    {
      name: 'prune-user-sessions',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneSessions(db, new Date(clock.now().getTime() - DAY));
        if (removed > 0) log.info({ removed }, 'pruned ended sessions');
      },
    },
    {
      name: 'prune-auth-throttles',
      everyMs: HOUR,
      async run({ db, clock }) {
        await pruneExpiredThrottles(db, clock.now());
      },
    },
    {
      name: 'prune-api-logs',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneApiLogs(db, new Date(clock.now().getTime() - options.apiLogRetentionDays * DAY));
        if (removed > 0) log.info({ removed }, 'pruned API logs past retention');
      },
    },
    {
      name: 'prune-webhook-logs',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneWebhookLogs(db, new Date(clock.now().getTime() - options.webhookLogRetentionDays * DAY));
        if (removed > 0) log.info({ removed }, 'pruned PSP callback logs past retention');
      },
    },
    {
      name: 'prune-webhook-deliveries',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneFinishedDeliveries(db, new Date(clock.now().getTime() - options.webhookLogRetentionDays * DAY));
        if (removed > 0) log.info({ removed }, 'pruned finished outbound webhook deliveries past retention');
      },
    },
    {
      name: 'prune-audit-events',
      everyMs: HOUR,
      async run({ db, clock, log }) {
        const removed = await pruneAuditEvents(db, new Date(clock.now().getTime() - (options.auditRetentionDays ?? 365) * DAY));
        if (removed > 0) log.info({ removed }, 'pruned audit entries past retention');
      },
    },
  ];
}
