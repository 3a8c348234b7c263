import type { FastifyBaseLogger } from 'fastify';
import { signOutboundWebhook } from '../../../isomorphic/outbound-signature.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isConnectionLoss } from '../../db/errors.ts';
import { fetchAllowedTarget, readBodyUpTo, TargetRefusedError } from '../adapter/outbound-fetch.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { open } from '../crypto/secret-box.ts';
import type { Mailer } from '../mail/mailer.ts';
import { fromMinorUnits } from '../../../isomorphic/money.ts';
import { findCurrenciesByCode } from '../reference/currencies-repository.ts';
import {
  claimDueDeliveries,
  completeDelivery,
  disableEndpoint,
  findOrganisationWebhooks,
  linkMailToPayment,
  receiptMailAlreadySent,
  releaseClaim,
  type AttemptRecord,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type OrganisationWebhookRow,
} from './deliveries-repository.ts';
import { nextAttemptDelay, parseRetryAfter } from './retry-schedule.ts';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;
const EXCERPT_CHARS = 500;
// Read at most this much of a response: enough for the excerpt, without holding a huge body in memory.
const MAX_RESPONSE_BYTES = 16 * 1024;
const USER_AGENT = 'Payrail-Webhooks/1.0';

export interface DeliveryContext {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  dataKey: Buffer;
  targets: TargetPolicy;
  publicUrl: string;
  /** Sends the receipt e-mails of autoNotify organisations; without it those rows wait. */
  mailer?: Mailer | undefined;
  /** Reads the payment a receipt e-mail is about (the payments folder owns that table; the worker hands it in). */
  findPayment: (db: Database, id: number) => Promise<ReceiptMailPayment | undefined>;
  /** Per-attempt timeout (15 s; tests shorten it). */
  timeoutMs?: number;
  /**
   * How long a claimed row stays with this worker before another may take it over (a crashed
   * worker's rows come back after this); longer than an attempt can take. Default: timeout + 45 s.
   */
  leaseMs?: number;
  /** How many deliveries one worker has in flight at once. */
  concurrency?: number;
  /** Stop claiming new rows after this long in one run, so a steady stream cannot keep stop() waiting. */
  runBudgetMs?: number;
  /** Source of jitter (tests pin it). */
  random?: () => number;
  /** Wake-ups that arrive during the run (rows queued meanwhile): taken at once rather than at the next poll. */
  wakeUps?: DeliveryWakeUps;
  /** While deliveries are in flight, look for newly due rows at least this often (200 ms; retries fall due by time). */
  pollMs?: number;
}

/** The wake-ups a worker run hands in (worker/wake-ups.ts): what the delivery loop needs of them. */
export interface DeliveryWakeUps {
  /** Marks every wake-up so far as seen, right before looking for due rows. */
  take(): void;
  /** Resolves at the first wake-up not yet taken. */
  next(): Promise<void>;
}

/** What a receipt e-mail says of its payment. */
export interface ReceiptMailPayment {
  id: number;
  reference: string;
  receiptNumber: string | null;
  receiptToken: string | null;
  customerName: string;
  customerEmail: string;
  description: string;
  amountMinor: number;
  currency: string;
}

interface HttpResult {
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
  retryAfterMs: number | null;
  durationMs: number;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** POSTs one signed body; never follows redirects; every failure becomes a result, never a throw. */
async function post(ctx: DeliveryContext, url: string, headers: Record<string, string>, body: string): Promise<HttpResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const fail = (error: string, statusCode: number | null = null, excerpt: string | null = null): HttpResult => ({
    statusCode,
    excerpt,
    error,
    retryAfterMs: null,
    durationMs: elapsed(),
  });
  try {
    const response = await fetchAllowedTarget(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      },
      ctx.targets,
    );
    const excerpt = (await readBodyUpTo(response, MAX_RESPONSE_BYTES)).text.slice(0, EXCERPT_CHARS);
    const status = response.status;
    if (status >= 200 && status < 300) return { statusCode: status, excerpt, error: null, retryAfterMs: null, durationMs: elapsed() };
    if (status >= 300 && status < 400) {
      return fail(`Redirects are not followed (${status} to ${response.headers.get('location') ?? 'nowhere'}).`, status, excerpt);
    }
    const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after'), ctx.clock.now()) : null;
    return { ...fail(`The endpoint answered ${status}.`, status, excerpt), retryAfterMs };
  } catch (error) {
    if (error instanceof TargetRefusedError) return fail(`Refused: ${error.message}`);
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return fail(`No answer within ${timeoutMs / 1000} s.`);
    return fail(errorText(error));
  }
}

function endpointDisabled(org: OrganisationWebhookRow, claimed: ClaimedDelivery): boolean {
  if (claimed.channel === 'callback') return org.callbackDisabledAt !== null && org.callbackUrl === claimed.url;
  if (claimed.channel === 'notifier') return org.notifierDisabledAt !== null && org.notifierUrl === claimed.url;
  return false;
}

/** The state after a failed attempt: retry on schedule (or Retry-After), or give up. */
function failedOutcome(
  ctx: DeliveryContext,
  attempt: number,
  result: Pick<HttpResult, 'statusCode' | 'error' | 'retryAfterMs'>,
): DeliveryOutcome {
  const now = ctx.clock.now();
  const delay = nextAttemptDelay(attempt, result.retryAfterMs, ctx.random);
  return {
    status: delay === null ? 'Failed' : 'Retrying',
    nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay),
    lastResponseCode: result.statusCode,
    lastError: delay === null ? `Gave up after ${attempt} attempts: ${result.error ?? 'failed'}` : result.error,
    deliveredAt: null,
    now,
  };
}

/** One webhook attempt: sign with the organisation's current secret and header names, send, record. */
async function deliverWebhook(ctx: DeliveryContext, claimed: ClaimedDelivery, org: OrganisationWebhookRow): Promise<void> {
  const attempt = claimed.attempts + 1;
  const startedAt = ctx.clock.now();
  if (endpointDisabled(org, claimed)) {
    const error = 'Endpoint disabled after 410 Gone; save the URL again to re-enable it.';
    await completeDelivery(ctx.db, claimed, null, {
      status: 'Disabled',
      nextAttemptAt: null,
      lastResponseCode: null,
      lastError: error,
      deliveredAt: null,
      now: startedAt,
    });
    return;
  }
  let result: HttpResult;
  if (org.webhookSecretSealed === null) {
    // Unsigned webhooks would be rejected by any receiver that verifies, so none are sent: the
    // attempt fails visibly and retries on schedule, succeeding once a secret is saved.
    result = {
      statusCode: null,
      excerpt: null,
      error: 'No webhook secret is configured: set one in Settings → Webhook Configuration.',
      retryAfterMs: null,
      durationMs: 0,
    };
  } else {
    const headers = await signOutboundWebhook({
      secret: open(ctx.dataKey, org.webhookSecretSealed),
      id: claimed.eventId,
      timestamp: Math.floor(startedAt.getTime() / 1000),
      body: claimed.body,
      signatureHeader: org.outboundHeaderName,
      timestampHeader: org.outboundTimestampHeader,
    });
    result = await post(ctx, claimed.url, headers, claimed.body);
  }
  const record: AttemptRecord = {
    attempt,
    startedAt,
    durationMs: result.durationMs,
    statusCode: result.statusCode,
    responseExcerpt: result.excerpt,
    error: result.error,
  };
  const now = ctx.clock.now();
  if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
    await completeDelivery(ctx.db, claimed, record, {
      status: 'Success',
      nextAttemptAt: null,
      lastResponseCode: result.statusCode,
      lastError: null,
      deliveredAt: now,
      now,
    });
    return;
  }
  if (result.statusCode === 410 && claimed.channel !== 'email') {
    await disableEndpoint(ctx.db, claimed.orgId, claimed.channel, claimed.url, now);
    await completeDelivery(ctx.db, claimed, record, {
      status: 'Disabled',
      nextAttemptAt: null,
      lastResponseCode: 410,
      lastError: 'The endpoint answered 410 Gone: it is disabled until the URL is saved again.',
      deliveredAt: null,
      now,
    });
    return;
  }
  await completeDelivery(ctx.db, claimed, record, failedOutcome(ctx, attempt, result));
}

/** The receipt e-mail of an autoNotify organisation, through the mailer; a crash-retry does not send it twice. */
async function deliverReceiptMail(ctx: DeliveryContext, claimed: ClaimedDelivery, org: OrganisationWebhookRow): Promise<void> {
  const startedAt = ctx.clock.now();
  const started = performance.now();
  const attempt = claimed.attempts + 1;
  const error = await sendReceiptMail(ctx, claimed, org);
  const now = ctx.clock.now();
  await completeDelivery(
    ctx.db,
    claimed,
    { attempt, startedAt, durationMs: Math.round(performance.now() - started), statusCode: null, responseExcerpt: null, error },
    error === null
      ? { status: 'Success', nextAttemptAt: null, lastResponseCode: null, lastError: null, deliveredAt: now, now }
      : failedOutcome(ctx, attempt, { statusCode: null, error, retryAfterMs: null }),
  );
}

/** Composes and sends the receipt e-mail; returns why it could not, or null. */
async function sendReceiptMail(ctx: DeliveryContext, claimed: ClaimedDelivery, org: OrganisationWebhookRow): Promise<string | null> {
  const payment = claimed.paymentId === null ? undefined : await ctx.findPayment(ctx.db, claimed.paymentId);
  if (!payment?.receiptToken) return 'The payment has no receipt.';
  if (!ctx.mailer) return 'No mailer in this worker.';
  const subject = `Your receipt from ${org.name}`;
  if (await receiptMailAlreadySent(ctx.db, payment.id, subject)) return null;
  const [currency] = await findCurrenciesByCode(ctx.db, [payment.currency]);
  const amount = `${fromMinorUnits(payment.amountMinor, currency?.baseUnit ?? 100)} ${payment.currency}`;
  const text = [
    `Dear ${payment.customerName},`,
    '',
    `Thank you for your payment of ${amount} to ${org.name} (${payment.description}).`,
    `Receipt number: ${payment.receiptNumber ?? payment.reference}`,
    '',
    `View or download your receipt: ${ctx.publicUrl}/receipts/${payment.receiptToken}`,
  ].join('\n');
  const queued = await ctx.mailer.queue({ to: payment.customerEmail, subject, text });
  await linkMailToPayment(ctx.db, queued.id, payment.id);
  await queued.delivered;
  // The mailer records a failed send on the message rather than throwing.
  return (await receiptMailAlreadySent(ctx.db, payment.id, subject)) ? null : 'Sending the receipt e-mail failed; see the mail log.';
}

type OrganisationCache = Map<number, Promise<OrganisationWebhookRow | undefined>>;

async function deliverClaimed(ctx: DeliveryContext, claimed: ClaimedDelivery, organisations: OrganisationCache): Promise<void> {
  try {
    let lookup = organisations.get(claimed.orgId);
    if (!lookup) {
      lookup = findOrganisationWebhooks(ctx.db, claimed.orgId);
      organisations.set(claimed.orgId, lookup);
    }
    const org = await lookup;
    if (!org) return;
    if (claimed.channel === 'email') await deliverReceiptMail(ctx, claimed, org);
    else await deliverWebhook(ctx, claimed, org);
  } catch (error) {
    // A failure to record must not stop the worker; the lease brings the row back. After a lost database connection
    // (over by the next statement, most often) it comes back at once instead of when the lease ends.
    ctx.log.error({ err: error, deliveryId: claimed.id }, 'webhook delivery failed to run');
    if (isConnectionLoss(error)) await handBack(ctx, claimed);
  }
}

const HAND_BACK_TRIES = 3;

/**
 * Hands a claimed row back after a lost database connection, trying a few times: the statements right after a loss may
 * meet pooled connections that were lost with it, or the database still out of reach. If none succeeds, the lease
 * brings the row back.
 */
async function handBack(ctx: DeliveryContext, claimed: ClaimedDelivery): Promise<void> {
  for (let attempt = 1; attempt <= HAND_BACK_TRIES; attempt++) {
    try {
      return await releaseClaim(ctx.db, claimed, ctx.clock.now());
    } catch (error) {
      if (!isConnectionLoss(error) || attempt === HAND_BACK_TRIES) return;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Delivers due outbox rows until none is due (or the run budget is spent), keeping up to
 * `concurrency` in flight, so one slow endpoint does not hold up the others. Returns how many ran.
 */
export async function deliverDueWebhooks(ctx: DeliveryContext): Promise<number> {
  const concurrency = ctx.concurrency ?? 20;
  const budgetMs = ctx.runBudgetMs ?? 5_000;
  const leaseMs = ctx.leaseMs ?? (ctx.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS) + 45_000;
  const startedAt = Date.now();
  const inFlight = new Set<Promise<void>>();
  // One read of each organisation's settings per run (a run lasts seconds), not one per delivery.
  const organisations: OrganisationCache = new Map();
  const pollMs = ctx.pollMs ?? 200;
  let ran = 0;
  // Whether a claim now could find rows: the last claim filled every free slot or a wake-up came. Otherwise a finished
  // delivery is no reason to look again (that was an empty claim per delivery), only the poll is.
  let mayFindMore = true;
  let lookedAt = 0;
  while (true) {
    const canClaim = Date.now() - startedAt < budgetMs;
    const free = concurrency - inFlight.size;
    if (canClaim && free > 0 && (mayFindMore || Date.now() - lookedAt >= pollMs)) {
      ctx.wakeUps?.take();
      lookedAt = Date.now();
      const claimed = await claimDueDeliveries(ctx.db, ctx.clock.now(), free, leaseMs);
      for (const row of claimed) {
        const run = deliverClaimed(ctx, row, organisations).finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
      ran += claimed.length;
      mayFindMore = claimed.length === free;
      continue;
    }
    if (inFlight.size === 0 && (!canClaim || !mayFindMore)) return ran;
    // Deliveries in flight: wait for one to finish and, with a slot free, for rows queued meanwhile or the next poll.
    let poll: NodeJS.Timeout | undefined;
    const looking =
      canClaim && free > 0
        ? [
            new Promise<void>((resolve) => (poll = setTimeout(resolve, Math.max(0, lookedAt + pollMs - Date.now())))),
            ...(ctx.wakeUps ? [ctx.wakeUps.next().then(() => (mayFindMore = true))] : []),
          ]
        : [];
    await Promise.race([...inFlight, ...looking]);
    clearTimeout(poll);
  }
}
