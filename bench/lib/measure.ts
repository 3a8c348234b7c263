// The load generator shared by every scenario: N requests over C keep-alive connections (node:http, no extra
// dependency), the latency of each one measured. A warm-up comes first; both it and the measured run last at least a
// minimum time (unless every request is prepared in advance), so a fast route is measured at its steady state rather
// than for a tenth of a second while V8 is still optimising it.
import { Agent, request } from 'node:http';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  /** JSON body sent with every request. */
  body?: unknown;
  requests: number;
  concurrency: number;
  /** A different body (and extra headers) per request, by index; warm-up requests come first. Overrides body. */
  requestFor?: (index: number) => { body: string; headers?: Record<string, string> };
  /** Requests made first and not counted (JIT, caches, pools); default a fifth of `requests`, at least 300. */
  warmup?: number;
}

/** The least time the warm-up and the measured run each take, in seconds (runs with requestFor excepted). */
const MIN_SECONDS = { warmup: 3, measured: 2 };

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (value: number) => Math.round(value * 100) / 100;

/** Runs the load and measures it; a non-2xx answer counts as an error. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const headers = { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers };
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  let sent = 0;
  const one = () =>
    new Promise<{ ms: number; ok: boolean }>((resolve) => {
      const own = options.requestFor?.(sent++);
      const started = performance.now();
      const call = request(
        options.url,
        {
          method: options.method ?? 'GET',
          headers: own ? { 'content-type': 'application/json', ...headers, ...own.headers } : headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            resolve({ ms: performance.now() - started, ok: status >= 200 && status < 300 });
          });
        },
      );
      call.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
      call.end(own ? own.body : body);
    });
  // Prepared requests (requestFor) are a fixed number: those runs end with them.
  const minSeconds = options.requestFor ? { warmup: 0, measured: 0 } : MIN_SECONDS;
  const drive = async (count: number, seconds: number, record: (sample: { ms: number; ok: boolean }) => void) => {
    let next = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency, count) }, async () => {
        while (next < count || performance.now() < until) {
          next++;
          record(await one());
        }
      }),
    );
  };
  await drive(options.warmup ?? Math.max(300, Math.ceil(options.requests / 5)), minSeconds.warmup, () => undefined);
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  await drive(options.requests, minSeconds.measured, (sample) => {
    samples.push(sample.ms);
    if (!sample.ok) errors++;
  });
  const elapsed = performance.now() - started;
  agent.destroy();
  samples.sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors,
    requestsPerSecond: round((samples.length / elapsed) * 1000),
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    meanMs: round(samples.reduce((sum, ms) => sum + ms, 0) / Math.max(1, samples.length)),
    maxMs: round(samples.at(-1) ?? 0),
  };
}
