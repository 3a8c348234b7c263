import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CHEAPEST_FIRST, preferredEncoding } from './accept-encoding.ts';

/** Below this a compressed body saves less than a packet and still costs the CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text the API and the customer pages answer with; PDFs and images are compressed already. */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)|image\/svg\+xml)/;

/**
 * Compresses JSON and HTML answers of 1 KiB or more as the request accepts, in one synchronous call on the finished
 * body: a page of 10 payments (5 KB) costs ~55 µs of CPU in gzip level 5, where a zlib stream (as @fastify/compress
 * builds per response) costs ~160 µs and brotli's default window ~330 µs (docs/web-performance.md). Gzip is chosen
 * when both are accepted; brotli (quality 4, 256 KiB window) only for a client that takes brotli alone. Streams
 * (PDFs, files) and bodies already encoded (the console's precompressed pages and assets) are left as they are.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
      if (!COMPRESSIBLE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
      const vary = reply.getHeader('vary');
      if (!vary) void reply.header('vary', 'accept-encoding');
      else if (!/accept-encoding/i.test(String(vary))) void reply.header('vary', `${String(vary)}, accept-encoding`);
      const encoding = preferredEncoding(request.headers['accept-encoding'], CHEAPEST_FIRST);
      if (encoding === 'identity') return done(null, payload);
      const body =
        encoding === 'gzip'
          ? gzipSync(payload, { level: 5 })
          : brotliCompressSync(payload, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
            });
      void reply.header('content-encoding', encoding).removeHeader('content-length');
      return done(null, body);
    });
  },
  { name: 'compression' },
);
