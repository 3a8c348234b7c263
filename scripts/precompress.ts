// Writes `.br` and `.gz` beside every compressible file of the built console, so the server sends them with no CPU per
// request (server/plugins/console-static.ts). Run by `npm run build`; `node scripts/precompress.ts [distDir]`.
import { readFileSync, writeFileSync } from 'node:fs';
import { precompressibleFiles, precompressFile } from './lib/precompress.ts';

const distDir = process.argv[2] ?? process.env['CONSOLE_DIR'] ?? 'dist';
let raw = 0;
let brotli = 0;
let gzip = 0;
let written = 0;
for (const file of precompressibleFiles(distDir)) {
  const source = readFileSync(file);
  const variants = precompressFile(source);
  raw += source.length;
  brotli += variants.br?.length ?? source.length;
  gzip += variants.gz?.length ?? source.length;
  for (const [extension, bytes] of Object.entries(variants)) {
    writeFileSync(`${file}.${extension}`, bytes);
    written += 1;
  }
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(`Precompressed ${distDir}: ${written} files written; ${kib(raw)} raw, ${kib(gzip)} gzip, ${kib(brotli)} brotli.`);
