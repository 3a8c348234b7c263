import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  page: string;
  files: string[];
  gzipBytes: number;
}

const STATIC_IMPORT = /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

/** URLs of the JavaScript a page loads at once: module scripts, modulepreloads and island components. */
export function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1] ?? '');
  for (const match of html.matchAll(/<astro-island[^>]*>/g)) {
    for (const attribute of match[0].matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(attribute[1] ?? '');
  }
  urls.delete('');
  return [...urls];
}

/** Files (absolute paths) of every module a page loads at once: its scripts and islands and all they import statically. */
export function initialModuleFiles(distDir: string, html: string): string[] {
  const seen = new Set<string>();
  const queue = initialScriptUrls(html)
    .map((url) => path.resolve(distDir, `.${url.split('?')[0] ?? url}`))
    .reverse();
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const imports: string[] = [];
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? '';
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        imports.push(specifier.startsWith('/') ? path.resolve(distDir, `.${specifier}`) : path.resolve(path.dirname(file), specifier));
      }
    }
    queue.push(...imports.reverse());
  }
  return [...seen];
}

/** Gzipped size of a page's inline scripts plus every module it loads initially (following static imports). */
export function weighPage(distDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const seen = initialModuleFiles(distDir, html);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  const gzipBytes = seen.reduce(
    (sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length,
    inline ? gzipSync(inline).length : 0,
  );
  const page = `/${path
    .relative(distDir, htmlFile)
    .replace(/(^|\/)index\.html$/, '')
    .replace(/\.html$/, '')}`;
  return { page, files: seen.map((file) => path.relative(distDir, file)), gzipBytes };
}

/** Every built HTML page under distDir. */
export function htmlPages(distDir: string): string[] {
  return readdirSync(distDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
