// The yardstick for scripts/dev/cpu-per-request.ts: a bare Fastify route in a process of its own.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.argv[2] ?? 4710), host: '127.0.0.1' });
