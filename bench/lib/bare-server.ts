// The yardstick of every ratio: a bare Fastify route, no logger, in a process of its own (as fastify/benchmarks runs
// its servers). `PORT=3001 node bench/lib/bare-server.ts`, then load GET /bare.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env['PORT'] ?? 3001), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
