import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFERRED_MODULES_ATTRIBUTE } from '../../src/lib/session-check.ts';
import { htmlPages, initialModuleFiles } from './bundle-size.ts';

// A console page's head holds an empty template for its links, which its session check adds once it has answered.
const DEFERRED_MODULES = new RegExp(`<template ${DEFERRED_MODULES_ATTRIBUTE}[^>]*></template>`);

/**
 * Adds a `<link rel="modulepreload">` to each built page for every module it loads at once. Without them the browser
 * finds a page's modules one import level at a time (page → island → React → its chunks), one round trip per level,
 * which on a phone's network is most of the time to the first screen. A console page gets them in the template its
 * head keeps for them (ConsoleLayout.astro), so they load after its session check. Returns how many pages changed.
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
    const deferred = DEFERRED_MODULES.exec(html);
    const placed = deferred
      ? html.replace(deferred[0], deferred[0].replace('></template>', `>${links}</template>`))
      : html.replace('</head>', `${links}</head>`);
    writeFileSync(file, placed);
    changed += 1;
  }
  return changed;
}
