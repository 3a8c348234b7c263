import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; fonts other than TTF/OTF, images and archives are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|map|ttf|otf|wasm)$/;

/** Below this a compressed copy saves less than one packet's worth and costs a header. */
const MIN_BYTES = 1024;

/** Every file under distDir that gets `.br`/`.gz` siblings (compressible type, at least 1 KiB). */
export function precompressibleFiles(distDir: string): string[] {
  return readdirSync(distDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).size >= MIN_BYTES);
}

/**
 * Brotli (max quality) and gzip (level 9) copies of one file, each kept only when smaller than the source: built once,
 * served many times, so the build spends what the server saves.
 */
export function precompressFile(source: Buffer): { br?: Buffer; gz?: Buffer } {
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  return { ...(br.length < source.length ? { br } : {}), ...(gz.length < source.length ? { gz } : {}) };
}
