import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { addModulePreloads } from '../../../scripts/lib/module-preload.ts';

/** A built site: one public page, one console page whose head keeps a template for its links. */
function builtSite(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'preload-'));
  mkdirSync(path.join(dist, '_astro'));
  mkdirSync(path.join(dist, 'dashboard'));
  writeFileSync(path.join(dist, '_astro', 'island.js'), 'import"./react.js";');
  writeFileSync(path.join(dist, '_astro', 'react.js'), 'export const r = 1;');
  const island = '<astro-island component-url="/_astro/island.js" client="session"></astro-island>';
  writeFileSync(path.join(dist, 'index.html'), `<html><head><title>x</title></head><body>${island}</body></html>`);
  writeFileSync(
    path.join(dist, 'dashboard', 'index.html'),
    `<html><head><template data-after-session-check></template><title>x</title></head><body>${island}</body></html>`,
  );
  return dist;
}

const LINKS = '<link rel="modulepreload" href="/_astro/island.js"><link rel="modulepreload" href="/_astro/react.js">';

test("a console page's links go in its head's template, for its session check to add; other pages' before </head>", () => {
  const dist = builtSite();
  expect(addModulePreloads(dist)).toBe(2);
  expect(readFileSync(path.join(dist, 'dashboard', 'index.html'), 'utf8')).toContain(
    `<template data-after-session-check>${LINKS}</template><title>`,
  );
  expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain(`<title>x</title>${LINKS}</head>`);
});

test('a second run changes nothing', () => {
  const dist = builtSite();
  addModulePreloads(dist);
  const before = readFileSync(path.join(dist, 'dashboard', 'index.html'), 'utf8');
  expect(addModulePreloads(dist)).toBe(0);
  expect(readFileSync(path.join(dist, 'dashboard', 'index.html'), 'utf8')).toBe(before);
});
