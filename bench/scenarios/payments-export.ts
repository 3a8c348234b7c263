// GET /api/payments/export.csv (issue 29): an organisation's payments — the one grown to 300,000 — as its orgadmin, and
// every organisation's (1 M rows) as the superadmin, each one streaming request from a plain HTTP client in the bench
// process (no load generator: one request is the load). Measured: the first byte of the body, rows/s over the whole
// response (budget ≥ 100,000 rows/s), and the server's RSS growth while it streams (budget ≤ 50 MB: the export is
// bounded in memory): VmHWM is reset through /proc/<pid>/clear_refs before, and read after with VmRSS sampled between.
// Budgets on both engines.
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { CsvRecordCounter } from '../lib/csv-records.ts';
import { postgresCpu, postgresDelta } from '../lib/load.ts';
import { LACKS_EXPORT, measuredOrganisations, notMeasured } from '../lib/payments-api.ts';
import { cpuMs, memoryMb } from '../lib/processes.ts';
import type { BenchContext, BenchScenario, ScenarioResult } from '../lib/types.ts';

export const EXPORT_BUDGET_ROWS_PER_SECOND = 100_000;
export const EXPORT_BUDGET_RSS_GROWTH_MB = 50;
const EXPORT_PATH = '/api/payments/export.csv';
const BOM = [0xef, 0xbb, 0xbf];
const SAMPLE_MS = 20;

interface Streamed {
  status: number;
  /** From sending the request to the first byte of the body. */
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Data rows (the header row not counted). */
  rows: number;
  bom: boolean;
  /** The start of the body of an answer that was not 200. */
  refusal: string;
}

/** The message of an error answer (JSON with a message, or its text). */
function messageOf(text: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text.trim();
  } catch {
    return text.trim();
  }
}

/** One export request, read as it streams: records counted, nothing kept. */
function streamExport(url: string, token: string): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const call = request(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      const counter = new CsvRecordCounter();
      let firstByteMs = 0;
      let bytes = 0;
      let head = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        if (head.length < 2000) head = Buffer.concat([head, chunk.subarray(0, 2000)]);
        bytes += chunk.length;
        counter.push(chunk);
      });
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          rows: Math.max(0, counter.records - 1),
          bom: BOM.every((byte, index) => head[index] === byte),
          refusal: response.statusCode === 200 ? '' : messageOf(head.toString('utf8', 0, Math.min(head.length, 300))),
        }),
      );
    });
    call.once('error', reject);
    call.end();
  });
}

/** Watches a process's resident memory from now: its baseline, and its peak when stopped (VmHWM reset where allowed). */
function watchMemory(pid: number) {
  let peakReset = true;
  try {
    // "5" resets the peak resident set size (VmHWM) to the current one (proc(5)); the bench owns the server process.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    peakReset = false;
  }
  const baselineMb = memoryMb(pid, 'VmRSS');
  let sampledMb = baselineMb;
  const timer = setInterval(() => (sampledMb = Math.max(sampledMb, memoryMb(pid, 'VmRSS'))), SAMPLE_MS);
  return () => {
    clearInterval(timer);
    const peakMb = Math.max(sampledMb, memoryMb(pid, 'VmRSS'), peakReset ? memoryMb(pid, 'VmHWM') : 0);
    return { baselineMb, peakMb, peakReset };
  };
}

async function measureExport(context: BenchContext, who: string, token: string): Promise<ScenarioResult> {
  const name = `GET /payments/export.csv, ${who}`;
  const budget = { unit: 'rows', budgetPerSecond: EXPORT_BUDGET_ROWS_PER_SECOND };
  const pid = context.app.pid;
  const serverBefore = cpuMs(pid) ?? 0;
  const postgresBefore = await postgresCpu(context.databaseUrl);
  const benchBefore = process.cpuUsage();
  const stopWatching = watchMemory(pid);
  let streamed: Streamed;
  try {
    streamed = await streamExport(`${context.app.baseUrl}${EXPORT_PATH}`, token);
  } catch (error) {
    stopWatching();
    return notMeasured(context, 'export', name, `GET ${EXPORT_PATH} failed: ${(error as Error).message}`, budget);
  }
  const memory = stopWatching();
  const benchCpu = process.cpuUsage(benchBefore);
  const serverMs = (cpuMs(pid) ?? 0) - serverBefore;
  const postgresMs = context.databaseUrl ? postgresDelta(postgresBefore, await postgresCpu(context.databaseUrl)) : null;
  if (streamed.status !== 200) {
    const meaning = streamed.status === 404 || streamed.status === 400 ? LACKS_EXPORT : 'the export failed';
    return notMeasured(
      context,
      'export',
      name,
      `GET ${EXPORT_PATH} answered ${streamed.status} ("${streamed.refusal}"): ${meaning}`,
      budget,
    );
  }
  const seconds = streamed.totalMs / 1000;
  const rowsPerSecond = Math.round(streamed.rows / seconds);
  const growthMb = memory.peakMb - memory.baselineMb;
  const firstByte = Math.round(streamed.firstByteMs * 100) / 100;
  const notes = [
    `one request: p50 and p99 are its first byte (${firstByte} ms); ${streamed.rows.toLocaleString('en')} rows, ${(streamed.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s`,
    `server RSS ${memory.baselineMb} MB → peak ${memory.peakMb} MB (+${growthMb} MB; budget ≤ ${EXPORT_BUDGET_RSS_GROWTH_MB} MB)${memory.peakReset ? '' : ' (VmRSS sampled every 20 ms: VmHWM could not be reset)'}`,
    streamed.bom ? '' : 'no UTF-8 BOM at the start',
  ].filter(Boolean);
  return {
    scenario: 'export',
    name: `${name} (${streamed.rows.toLocaleString('en')} rows)`,
    engine: context.engine,
    requests: streamed.rows,
    errors: 0,
    requestsPerSecond: rowsPerSecond,
    p50Ms: firstByte,
    p99Ms: firstByte,
    meanMs: firstByte,
    maxMs: Math.round(streamed.totalMs),
    cpu: {
      seconds: Math.round(seconds * 100) / 100,
      serverMs: [serverMs],
      postgresMs,
      generatorMs: Math.round((benchCpu.user + benchCpu.system) / 1000),
      serverUsPerRequest: Math.round((serverMs * 1000) / Math.max(1, streamed.rows)),
    },
    ...budget,
    firstByteMs: firstByte,
    rssGrowthMb: growthMb,
    budgetRssGrowthMb: EXPORT_BUDGET_RSS_GROWTH_MB,
    withinBudget: streamed.bom && rowsPerSecond >= EXPORT_BUDGET_ROWS_PER_SECOND && growthMb <= EXPORT_BUDGET_RSS_GROWTH_MB,
    detail: notes.join('; '),
  };
}

export const paymentsExport: BenchScenario = {
  name: 'export',
  async run(context) {
    const large = measuredOrganisations(context)[1]!;
    const first = await measureExport(context, `${large.label} (its orgadmin)`, large.token);
    // A server without the export: said once.
    if (first.requests === 0) return [first];
    return [first, await measureExport(context, 'every organisation (superadmin)', context.tokens.superadmin)];
  },
};
