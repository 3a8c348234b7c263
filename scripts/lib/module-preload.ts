import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { htmlPages, initialModuleFiles } from './bundle-size.ts';

/**
 * Adds a `<link rel="modulepreload">` to each built page for every module it loads at once. Without them the browser
 * finds a page's modules one import level at a time (page → island → React → its chunks), one round trip per level,
 * which on a phone's network is most of the time to the first screen. Returns how many pages changed.
 */
export function addModulePreloads(distDir: string): number {
  let changed = 0;
  for (const file of htmlPages(distDir)) {
    const html = readFileSync(file, 'utf8');
    if (html.includes('rel="modulepreload"') || !html.includes('</head>')) continue;
    const links = initialModuleFiles(distDir, html)
      .map((module) => `<link rel="modulepreload" href="/${path.relative(distDir, module).split(path.sep).join('/')}">`)
      .join('');
    if (!links) continue;
    writeFileSync(file, html.replace('</head>', `${links}</head>`));
    changed += 1;
  }
  return changed;
}
