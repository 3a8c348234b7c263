// The outbound webhook pipeline with one worker (the in-process one of `npm start`) and a loopback receiver:
// 1. drain: a backlog of payment.succeeded outbox rows (left by psp-webhook, topped up to BACKLOG) delivered as
//    fast as one worker can — deliveries/s (budget on PostgreSQL ≥ 500/s); p50/p99 are the attempts' durations;
// 2. latency: signed PSP callbacks at 200 events/s, open loop, each timed from the callback being sent to its
//    payment.succeeded arriving at the receiver (budget on PostgreSQL: p99 ≤ 250 ms), after 2 s at that rate untimed.
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../server/clock.ts';
import { queryRows } from '../../server/db/raw.ts';
import { workerJobs } from '../../server/services/worker/jobs.ts';
import { startWorker, type RunningWorker } from '../../server/services/worker/worker-loop.ts';
import { runLoad } from '../lib/measure.ts';
import { pendingPayments, signedSuccess, webhookOrg, type WebhookOrg } from '../lib/psp.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

const BACKLOG = 3000;
const RATE_PER_SECOND = 200;
const LATENCY_SECONDS = 10;
const WARMUP_SECONDS = 2;
const BUDGET_DELIVERIES_PER_SECOND = 500;
const BUDGET_LATENCY_P99_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

function quietLogger(): FastifyBaseLogger {
  const noop = () => undefined;
  const logger = { level: 'silent', info: noop, warn: noop, error: noop, debug: noop, trace: noop, fatal: noop, silent: noop };
  return { ...logger, child: () => logger } as unknown as FastifyBaseLogger;
}

/** One worker running only the delivery job, allowed to reach the loopback receiver. */
function startDeliveryWorker(context: BenchContext): RunningWorker {
  const jobs = workerJobs({
    apiLogRetentionDays: 30,
    webhookLogRetentionDays: 30,
    reconcileAfterMinutes: 60,
    dataKey: context.dataKey,
    targets: { allowPrivate: true, trustedOrigins: [] },
    publicUrl: context.baseUrl,
  }).filter((job) => job.name === 'deliver-webhooks');
  return startWorker({ db: context.db, clock: systemClock, log: quietLogger() }, jobs);
}

async function outstanding(context: BenchContext, org: WebhookOrg): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    context.db,
    sql`select count(*)::int as n from webhook_deliveries where org_id = ${org.orgId} and status in ('Pending', 'Retrying')`,
  );
  return Number(row?.n ?? 0);
}

/** Sends signed callbacks for the references at a fixed rate (open loop); resolves with send and answer times and failures. */
async function sendAtRate(context: BenchContext, references: string[], perSecond: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  let failures = 0;
  let firstFailure: string | undefined;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  for (const [index, reference] of references.entries()) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const { body, headers } = signedSuccess(reference);
    sentAt.set(reference, performance.now());
    calls.push(
      new Promise<void>((resolve) => {
        const call = request(
          `${context.baseUrl}/api/webhooks/psp/sandbox`,
          { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent },
          (response) => {
            if (response.statusCode !== 200) {
              failures++;
              firstFailure ??= `HTTP ${response.statusCode}`;
            }
            response.resume();
            response.on('end', () => {
              answeredAt.set(reference, performance.now());
              resolve();
            });
          },
        );
        call.on('error', (error) => {
          failures++;
          firstFailure ??= error.message;
          resolve();
        });
        call.end(body);
      }),
    );
  }
  await Promise.all(calls);
  agent.destroy();
  if (firstFailure) console.warn(`   ${failures} callbacks failed, the first: ${firstFailure}`);
  return { sentAt, answeredAt, failures };
}

/**
 * Watches this process while the latency is measured — the longest event-loop delay and garbage-collection pause — so
 * a tail caused by the process stalling (a slow machine, a long GC) can be told from one caused by waiting for the
 * database. Call the function returned to stop and read them.
 */
function watchProcess(): () => { loopDelayMaxMs: number; gcPauseMaxMs: number } {
  let gcPauseMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauseMaxMs = Math.max(gcPauseMaxMs, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  return () => {
    loop.disable();
    gc.disconnect();
    return { loopDelayMaxMs: round(loop.max / 1e6), gcPauseMaxMs: round(gcPauseMaxMs) };
  };
}

/** For each reference with both times, the milliseconds from its time in `from` to its time in `to`. */
function between(references: string[], from: Map<string, number>, to: Map<string, number>): number[] {
  return references.flatMap((reference) => {
    const start = from.get(reference);
    const end = to.get(reference);
    return start === undefined || end === undefined ? [] : [end - start];
  });
}

/** p50 and p99 of `ms` (unsorted), as text. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${round(percentile(sorted, 50))} ms, p99 ${round(percentile(sorted, 99))} ms`;
}

export const webhookPipeline: BenchScenario = {
  name: 'webhook-pipeline',
  async run(context) {
    const org = await webhookOrg(context);
    const results: ScenarioResult[] = [];
    const budgeted = context.engine === 'postgres';

    // 1. Drain a backlog.
    const missing = BACKLOG - (await outstanding(context, org));
    if (missing > 0) {
      const references = await pendingPayments(context, org, missing);
      const filled = await runLoad({
        url: `${context.baseUrl}/api/webhooks/psp/sandbox`,
        method: 'POST',
        requestFor: (index) => signedSuccess(references[index] ?? 'PAY-0000000000000000'),
        requests: missing,
        concurrency: context.concurrency,
        warmup: 0,
      });
      if (filled.errors > 0) throw new Error(`${filled.errors} callbacks failed while building the backlog`);
    }
    const backlog = await outstanding(context, org);
    const [{ since } = { since: 0 }] = await queryRows<{ since: number }>(
      context.db,
      sql`select coalesce(max(id), 0)::bigint as since from webhook_delivery_attempts`,
    );
    const receivedBefore = org.receiver.received();
    const started = performance.now();
    const worker = startDeliveryWorker(context);
    try {
      // The receiver's count says when the backlog has arrived; the database is asked only then (or once a second):
      // counting the organisation's outstanding rows every 20 ms took a core of its own (17–230 ms a count) from the
      // worker it measured.
      let last = performance.now();
      let asked = last;
      while (performance.now() - started <= 120_000) {
        const arrived = org.receiver.received() - receivedBefore >= backlog;
        if (arrived || performance.now() - asked >= 1000) {
          asked = performance.now();
          if ((await outstanding(context, org)) === 0) break;
        }
        await sleep(arrived ? 20 : 5);
        last = performance.now();
      }
      const seconds = (last - started) / 1000;
      const left = await outstanding(context, org);
      const durations = (
        await queryRows<{ ms: number }>(
          context.db,
          sql`select duration_ms as ms from webhook_delivery_attempts where id > ${since} order by duration_ms`,
        )
      ).map((row) => Number(row.ms));
      const delivered = org.receiver.received() - receivedBefore;
      const rate = delivered / seconds;
      results.push({
        scenario: 'webhook-pipeline',
        name: `outbound delivery, one worker, backlog of ${backlog} (deliveries/s; p50/p99 per attempt)`,
        engine: context.engine,
        unit: 'deliveries',
        ...(budgeted ? { budgetPerSecond: BUDGET_DELIVERIES_PER_SECOND } : {}),
        requests: delivered,
        errors: left + Math.max(0, backlog - delivered),
        requestsPerSecond: round(rate),
        p50Ms: percentile(durations, 50),
        p99Ms: percentile(durations, 99),
        meanMs: round(durations.reduce((sum, ms) => sum + ms, 0) / Math.max(1, durations.length)),
        maxMs: durations.at(-1) ?? 0,
        withinBudget: left === 0 && (!budgeted || rate >= BUDGET_DELIVERIES_PER_SECOND),
      });

      // 2. Latency at a steady rate, the worker already running, after a warm-up at that rate (as every other
      // scenario has): the first second met the callback statements unprepared on the pool connections the drain
      // had opened (parsed and custom-planned on each one first), and its events waited up to ~0.3 s.
      const warmup = await pendingPayments(context, org, RATE_PER_SECOND * WARMUP_SECONDS);
      const references = await pendingPayments(context, org, RATE_PER_SECOND * LATENCY_SECONDS);
      await sendAtRate(context, warmup, RATE_PER_SECOND);
      const watched = watchProcess();
      const sendStarted = performance.now();
      const { sentAt, answeredAt, failures } = await sendAtRate(context, references, RATE_PER_SECOND);
      const sendSeconds = (performance.now() - sendStarted) / 1000;
      const deadline = performance.now() + 10_000;
      while (references.some((reference) => !org.receiver.arrivals.has(reference)) && performance.now() < deadline) await sleep(20);
      const stalls = watched();
      const latencies = between(references, sentAt, org.receiver.arrivals).sort((a, b) => a - b);
      const lost = references.length - latencies.length;
      // The two halves of each event's trip: the callback (verify, number, record, commit) and the delivery after it.
      const answered = between(references, sentAt, answeredAt);
      const afterAnswer = between(references, answeredAt, org.receiver.arrivals);
      const p99 = round(percentile(latencies, 99));
      results.push({
        scenario: 'webhook-pipeline',
        name: `PSP webhook in → outbound delivered, ${RATE_PER_SECOND} events/s for ${LATENCY_SECONDS} s`,
        engine: context.engine,
        unit: 'events',
        requests: latencies.length,
        errors: failures + lost,
        requestsPerSecond: round(references.length / sendSeconds),
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: p99,
        meanMs: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length)),
        maxMs: round(latencies.at(-1) ?? 0),
        ...(budgeted ? { budgetP99Ms: BUDGET_LATENCY_P99_MS } : {}),
        detail:
          `callback answered ${spread(answered)}; answer → delivered ${spread(afterAnswer)}; ` +
          `this process's longest event-loop delay ${stalls.loopDelayMaxMs} ms, longest GC pause ${stalls.gcPauseMaxMs} ms`,
        withinBudget: failures + lost === 0 && (!budgeted || p99 <= BUDGET_LATENCY_P99_MS),
      });
    } finally {
      await worker.stop();
    }
    return results;
  },
};
