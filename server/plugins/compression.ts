import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Text the API and the customer pages answer with; PDFs, images and octet streams are compressed already or opaque. */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)|image\/svg\+xml)/;

/**
 * Compresses JSON and HTML answers of 1 KiB or more as the request accepts (brotli, else gzip). The levels are the
 * cheap ones (brotli 4, gzip 5): most of the size gain for a fraction of the CPU of the maximum levels, which only the
 * build can afford (scripts/precompress.ts). Request bodies are not decompressed (no client sends them compressed).
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 5 },
    });
  },
  { name: 'compression' },
);
