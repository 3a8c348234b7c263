// Where a server's CPU went, from a V8 .cpuprofile (`node --cpu-prof`, or scripts/dev/cpu-per-request.ts --profile):
// self time by area (package, or file of this repository) and by function, and total time (self + callees) of the
// functions that own a piece of a request. Times are shares of the busy (non-idle) samples; pass --requests N to see
// them as µs per request.
//
//   node scripts/dev/cpu-profile-summary.ts /tmp/cpu-prof-current/CPU.*.cpuprofile [--requests 123456] [--top 40]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const STARTUP_FRAME = /\/server\/main\.ts$/;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string' }, top: { type: 'string', default: '40' } },
});
const profile = JSON.parse(readFileSync(positionals[0] ?? '', 'utf8')) as Profile;
const requests = values.requests ? Number(values.requests) : undefined;

/** The package (node_modules/<name>) or repository file a script URL belongs to. */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] as string;
  if (url.startsWith('node:'))
    return url
      .replace(/^node:internal\/(?:deps\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const repo = /\/(server|isomorphic|scripts)\/(.*)$/.exec(url);
  return repo ? `${repo[1]}/${repo[2]}` : url;
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const stackOf = function* (id: number) {
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at);
    if (!frame) return;
    yield frame;
  }
};
// Start-up (loading modules, migrating) runs under server/main.ts's top-level await; requests run after it.
let firstServing = 0;
profile.samples.forEach((id, index) => {
  for (const frame of stackOf(id)) if (STARTUP_FRAME.test(frame.callFrame.url)) firstServing = index + 1;
});
const nameOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${areaOf(node.callFrame.url, node.callFrame.functionName)}:${node.callFrame.lineNumber + 1}`;

// Buckets of docs/performance.md: a sample belongs to the innermost frame that names one; time in Node's own I/O
// (sockets, streams, fs) belongs to whoever above it asked for the I/O.
const BUCKETS: [bucket: string, test: (url: string, functionName: string) => boolean][] = [
  ['logging (pino)', (url) => /node_modules\/(pino|sonic-boom)\/|\/server\/logging\.ts$/.test(url)],
  ['api_logs', (url) => /\/server\/(plugins\/api-log|services\/api-log\/)/.test(url)],
  ['authentication', (url) => /\/server\/(plugins\/auth\.ts|services\/auth\/)|node_modules\/jose\//.test(url)],
  ['input-text guard', (url) => url.endsWith('/server/plugins/input-text.ts')],
  ['security headers', (url) => url.endsWith('/server/plugins/security-headers.ts')],
  ['validation', (url, name) => /node_modules\/(ajv|@fastify\/ajv-compiler)\/|\/server\/schemas\//.test(url) || /^validate/.test(name)],
  ['serialisation', (url, name) => /node_modules\/fast-json-stringify\//.test(url) || name === 'serialize'],
  [
    'database (driver, SQL building, rows)',
    (url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|drizzle-orm)\/|\/server\/db\//.test(url),
  ],
  ['routes and services', (url) => /\/(server\/routes|server\/services|isomorphic)\//.test(url)],
  ['Fastify (routing, hooks, reply)', (url) => /node_modules\/(fastify|find-my-way|avvio|fast-querystring|@fastify\/[^/]+)\//.test(url)],
  [
    'HTTP parsing and sockets',
    (url) =>
      /^node:(internal\/)?(_http|http|net|stream|streams|internal\/stream)/.test(url) ||
      /^node:internal\/(http|net|streams|stream_base)/.test(url),
  ],
];
const bucketOf = (id: number): string => {
  for (const frame of stackOf(id)) {
    const { url, functionName } = frame.callFrame;
    if (functionName === '(garbage collector)') return 'garbage collection';
    for (const [bucket, test] of BUCKETS) {
      if (bucket === 'HTTP parsing and sockets' && test(url, functionName)) {
        // Socket and stream writes of the database driver and the logger are theirs; the rest is the HTTP exchange.
        for (const above of stackOf(frame.id)) {
          for (const [owner, ownerTest] of BUCKETS.filter(([name]) => name.startsWith('logging') || name.startsWith('database'))) {
            if (ownerTest(above.callFrame.url, above.callFrame.functionName)) return owner;
          }
        }
        return bucket;
      }
      if (test(url, functionName)) return bucket;
    }
  }
  return 'other (Node internals, timers, microtasks)';
};
const selfByBucket = new Map<string, number>();
const selfByArea = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, index) => {
  if (index < firstServing) return;
  const micros = profile.timeDeltas[index] ?? 0;
  const node = byId.get(id);
  if (!node || node.callFrame.functionName === '(idle)') return;
  busy += micros;
  const bucket = bucketOf(id);
  selfByBucket.set(bucket, (selfByBucket.get(bucket) ?? 0) + micros);
  const area = areaOf(node.callFrame.url, node.callFrame.functionName);
  selfByArea.set(area, (selfByArea.get(area) ?? 0) + micros);
  selfByFunction.set(nameOf(node), (selfByFunction.get(nameOf(node)) ?? 0) + micros);
  const seen = new Set<string>();
  for (const frame of stackOf(id)) {
    const name = nameOf(frame);
    if (seen.has(name)) continue;
    seen.add(name);
    totalByFunction.set(name, (totalByFunction.get(name) ?? 0) + micros);
  }
});

const format = (micros: number) => {
  const share = `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
  return requests ? `${share} ${(micros / requests).toFixed(1).padStart(7)} µs/req` : share;
};
const top = Number(values.top);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n## ${title}`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${format(micros)}  ${name}`);
};
console.log(`busy: ${(busy / 1e6).toFixed(2)} s${requests ? `, ${(busy / requests).toFixed(1)} µs per request` : ''}`);
print('by bucket (docs/performance.md)', selfByBucket);
print('self time by area', selfByArea);
print('self time by function', selfByFunction);
print('total time (self + callees) by function', totalByFunction);
