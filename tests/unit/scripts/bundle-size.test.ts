import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initialScriptUrls, weighPage } from '../../../scripts/lib/bundle-size.ts';

describe('bundle size', () => {
  it('finds module scripts, preloads and island components', () => {
    const html =
      '<script type="module" src="/_astro/page.js"></script><link rel="modulepreload" href="/_astro/pre.js">' +
      '<astro-island uid="1" component-url="/_astro/Shell.js" renderer-url="/_astro/client.js" client="load"></astro-island>';
    expect(initialScriptUrls(html).sort()).toEqual(['/_astro/Shell.js', '/_astro/client.js', '/_astro/page.js', '/_astro/pre.js']);
  });

  it('follows static imports but not dynamic ones', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    mkdirSync(path.join(dist, '_astro'));
    const files: Record<string, string> = {
      'entry.js': 'import{a as b}from"./shared.js";export{c}from"./more.js";const lazy=()=>import("./monaco.js");',
      'shared.js': 'export const a = "shared";',
      'more.js': 'export const c = "more";',
      'monaco.js': 'x'.repeat(100_000),
    };
    for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dist, '_astro', name), source);
    writeFileSync(path.join(dist, 'index.html'), '<script type="module" src="/_astro/entry.js"></script>');
    const weight = weighPage(dist, path.join(dist, 'index.html'));
    expect(weight.files.sort()).toEqual(['_astro/entry.js', '_astro/more.js', '_astro/shared.js']);
    const expected = ['entry.js', 'shared.js', 'more.js'].reduce((sum, name) => sum + gzipSync(files[name] ?? '', { level: 9 }).length, 0);
    expect(weight.gzipBytes).toBe(expected);
  });
});
