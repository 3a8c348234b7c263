// The outbound webhook pipeline with one worker — the in-process one of `npm start` (WORKER=on), in the server
// process — and a loopback receiver in the bench process:
// 1. drain: a backlog of BACKLOG payment.succeeded outbox rows (written while the server is stopped) delivered as
//    fast as one worker can, from the first arrival to the last — deliveries/s (budget on PostgreSQL, the embedded one
//    included, ≥ 500/s);
//    p50/p99 are the attempts' durations;
// 2. latency: signed PSP callbacks at 200 events/s, open loop, each timed from the callback being sent to its
//    payment.succeeded arriving at the receiver (budget on PostgreSQL and the embedded PostgreSQL of `npm start`: p99
//    ≤ 250 ms), after 2 s at that rate untimed.
import { Agent, request, type ClientRequest } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/raw.ts';
import { cpuMs } from '../lib/processes.ts';
import { signedSuccess } from '../lib/psp.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

const BACKLOG = 3000;
export const RATE_PER_SECOND = 200;
export const LATENCY_SECONDS = 10;
export const WARMUP_SECONDS = 2;
const BUDGET_DELIVERIES_PER_SECOND = 500;
const BUDGET_LATENCY_P99_MS = 250;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function outstanding(db: Database, orgId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_deliveries where org_id = ${orgId} and status in ('Pending', 'Retrying')`,
  );
  return Number(row?.n ?? 0);
}

/** Replaces the organisation's outstanding deliveries with BACKLOG copies of its latest one; the last attempt's id. */
async function writeBacklog(db: Database, orgId: number): Promise<number> {
  const [latest] = await queryRows<{ id: number | null }>(db, sql`select max(id) as id from webhook_deliveries where org_id = ${orgId}`);
  if (latest?.id == null) throw new Error('no delivery to copy for the backlog');
  const templateId = Number(latest.id);
  const stamp = Date.now();
  await db.execute(sql`
    insert into webhook_deliveries (org_id, event_id, type, channel, payment_id, url, body, status, attempts, next_attempt_at, created_at, updated_at)
    select t.org_id, 'bench_backlog_' || ${stamp}::bigint || '_' || n, t.type, t.channel, t.payment_id, t.url, t.body, 'Pending', 0, now(), now(), now()
    from webhook_deliveries t cross join generate_series(1, ${BACKLOG}) as n
    where t.id = ${templateId}`);
  // What the callbacks before left waiting (PostgreSQL's server ran without its worker) is not part of the backlog.
  await db.execute(
    sql`delete from webhook_deliveries where org_id = ${orgId} and status in ('Pending', 'Retrying') and id <= ${templateId}`,
  );
  const [row] = await queryRows<{ since: number }>(db, sql`select coalesce(max(id), 0)::bigint as since from webhook_delivery_attempts`);
  return Number(row?.since ?? 0);
}

/** Sends signed callbacks for the references at a fixed rate (open loop); resolves with send and answer times and failures. */
async function sendAtRate(context: BenchContext, references: string[], perSecond: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  let failures = 0;
  let firstFailure: string | undefined;
  const calls: Promise<void>[] = [];
  const requests: ClientRequest[] = [];
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
          `${context.app.baseUrl}/api/webhooks/psp/sandbox`,
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
        // Abandoned (below) before an answer or an error.
        call.on('close', () => {
          if (!answeredAt.has(reference)) resolve();
        });
        requests.push(call);
        call.end(body);
      }),
    );
  }
  // A server that cannot keep up with the rate would keep the bench waiting for its queue: what is unanswered 15 s
  // after the last send is abandoned (each a failure).
  const settled = Promise.all(calls);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
  const abandoned = references.length - answeredAt.size;
  for (const call of requests) call.destroy();
  agent.destroy();
  await settled;
  if (abandoned > 0) {
    failures = Math.max(failures, abandoned);
    firstFailure ??= `${abandoned} unanswered 15 s after the last was sent`;
  }
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
    const { orgId, receiver } = context.webhooks;
    const results: ScenarioResult[] = [];
    const budgeted = context.engine !== 'pglite';
    const [template, ...warmup] = context.prepared.pipelineWarmup;
    // One callback leaves a delivery row the backlog copies (whatever ran before).
    const first = signedSuccess(template!);
    await fetch(`${context.app.baseUrl}/api/webhooks/psp/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...first.headers },
      body: first.body,
    });

    // 1. Drain a backlog: written with the server stopped, delivered by the worker of the server started next.
    let since = 0;
    const mark = receiver.times.length;
    const app = await context.restartApp({ WORKER: 'on' }, async (db) => {
      since = await writeBacklog(db, orgId);
    });
    const cpuBefore = cpuMs(app.pid) ?? 0;
    const deadline = performance.now() + 120_000;
    while (receiver.times.length - mark < BACKLOG && performance.now() < deadline) await sleep(20);
    const drainCpuMs = (cpuMs(app.pid) ?? 0) - cpuBefore;
    const arrived = receiver.times.slice(mark);
    const drainSeconds = Math.max(0.001, ((arrived.at(-1) ?? 0) - (arrived[0] ?? 0)) / 1000);
    const rate = Math.max(0, arrived.length - 1) / drainSeconds;

    // 2. Latency at a steady rate, the worker already running, after a warm-up at that rate (as every other
    // scenario has): the first second met the callback statements unprepared on the pool connections.
    const references = context.prepared.pipelineLatency;
    await sendAtRate(context, warmup, RATE_PER_SECOND);
    const watched = watchProcess();
    const sendStarted = performance.now();
    const { sentAt, answeredAt, failures } = await sendAtRate(context, references, RATE_PER_SECOND);
    const sendSeconds = (performance.now() - sendStarted) / 1000;
    const latencyDeadline = performance.now() + 10_000;
    while (references.some((reference) => !receiver.arrivals.has(reference)) && performance.now() < latencyDeadline) await sleep(20);
    const stalls = watched();

    // The attempts' durations and what is left, read with the server stopped (PGlite admits one process).
    const { durations, left } = await context.withDatabase(async (db) => ({
      left: await outstanding(db, orgId),
      durations: (
        await queryRows<{ ms: number }>(
          db,
          sql`select duration_ms as ms from webhook_delivery_attempts where id > ${since} order by duration_ms`,
        )
      ).map((row) => Number(row.ms)),
    }));
    const delivered = arrived.length;
    results.push({
      scenario: 'webhook-pipeline',
      name: `outbound delivery, one worker, backlog of ${BACKLOG} (deliveries/s; p50/p99 per attempt)`,
      engine: context.engine,
      unit: 'deliveries',
      ...(budgeted ? { budgetPerSecond: BUDGET_DELIVERIES_PER_SECOND } : {}),
      requests: delivered,
      errors: Math.max(0, BACKLOG - delivered),
      requestsPerSecond: round(rate),
      p50Ms: percentile(durations, 50),
      p99Ms: percentile(durations, 99),
      meanMs: round(durations.reduce((sum, ms) => sum + ms, 0) / Math.max(1, durations.length)),
      maxMs: durations.at(-1) ?? 0,
      detail: `server process CPU while draining: ${drainCpuMs} ms (${Math.round((drainCpuMs * 1000) / Math.max(1, delivered))} µs per delivery); outstanding afterwards ${left}`,
      withinBudget: delivered >= BACKLOG && (!budgeted || rate >= BUDGET_DELIVERIES_PER_SECOND),
    });

    const latencies = between(references, sentAt, receiver.arrivals).sort((a, b) => a - b);
    const lost = references.length - latencies.length;
    // The two halves of each event's trip: the callback (verify, number, record, commit) and the delivery after it.
    const answered = between(references, sentAt, answeredAt);
    const afterAnswer = between(references, answeredAt, receiver.arrivals);
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
        `the sender's longest event-loop delay ${stalls.loopDelayMaxMs} ms, longest GC pause ${stalls.gcPauseMaxMs} ms`,
      withinBudget: failures + lost === 0 && (!budgeted || p99 <= BUDGET_LATENCY_P99_MS),
    });
    return results;
  },
};
