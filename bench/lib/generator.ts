// The load generator, a process of its own (forked by bench/lib/load.ts): autocannon, the generator
// fastify/benchmarks uses. It warms the server up, tells the bench it is ready, waits for the go (the bench reads every
// process's CPU time in between), runs the measured load and sends back the result with its own CPU time.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { GeneratorResult, GeneratorSpec } from './load.ts';

type Message = { type: 'spec'; spec: GeneratorSpec } | { type: 'go' };

const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

function nextMessage(): Promise<Message> {
  return new Promise((resolve) => process.once('message', (message) => resolve(message as Message)));
}

/** One autocannon run; prepared bodies (each sent once) are taken in order from `bodies`, starting at `from`. */
function run(spec: GeneratorSpec, options: { duration: number; most?: number }, bodies?: PreparedBody[], from = 0) {
  let next = from;
  const base = {
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    headers: { ...(spec.body || bodies ? { 'content-type': 'application/json' } : {}), ...spec.headers },
    ...(spec.body === undefined ? {} : { body: spec.body }),
    duration: options.duration,
    // A cap, not a count: the run still ends after `duration` when the server is slower than the bodies prepared.
    ...(options.most === undefined ? {} : { maxOverallRequests: options.most }),
  };
  const requests = bodies
    ? [
        {
          setupRequest: (request: { body?: string; headers?: Record<string, string> }) => {
            const prepared = bodies[next++ % bodies.length]!;
            request.body = prepared.body;
            request.headers = { ...request.headers, ...prepared.headers };
            return request;
          },
        },
      ]
    : undefined;
  return autocannon({ ...base, ...(requests ? { requests } : {}) });
}

interface PreparedBody {
  body: string;
  headers: Record<string, string>;
}

const first = await nextMessage();
if (first.type !== 'spec') throw new Error('the generator expects its spec first');
const spec = first.spec;
const bodies = spec.bodiesFile ? (JSON.parse(readFileSync(spec.bodiesFile, 'utf8')) as PreparedBody[]) : undefined;
const warmupAmount = bodies ? (spec.warmupAmount ?? 0) : undefined;
if (warmupAmount !== 0 && spec.warmupSeconds > 0) {
  await run(spec, { duration: spec.warmupSeconds, ...(warmupAmount === undefined ? {} : { most: warmupAmount }) }, bodies);
}
await send({ type: 'warm' });
if ((await nextMessage()).type !== 'go') throw new Error('the generator expects the go');
const before = process.cpuUsage();
const result = await run(
  spec,
  { duration: spec.duration, ...(bodies ? { most: bodies.length - (warmupAmount ?? 0) } : {}) },
  bodies,
  warmupAmount ?? 0,
);
const cpu = process.cpuUsage(before);
const ok = result['2xx'];
const answer: GeneratorResult = {
  requests: ok,
  // autocannon counts a timeout among its errors too.
  errors: result.errors + result.non2xx,
  seconds: result.duration,
  requestsPerSecond: Math.round((ok / result.duration) * 10) / 10,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  meanMs: result.latency.average,
  maxMs: result.latency.max,
  generatorCpuMs: Math.round((cpu.user + cpu.system) / 1000),
  timeouts: result.timeouts,
  connectionErrors: result.errors,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)])),
};
await send({ type: 'result', result: answer });
process.exit(0);
