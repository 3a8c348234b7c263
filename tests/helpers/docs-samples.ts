// Reads the code samples out of the Integration Docs' MDX chapters (src/content/docs), in reading order,
// so tests can run every one of them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DOCS_DIR = path.resolve(import.meta.dirname, '../../src/content/docs');

export interface DocsSample {
  /** e.g. 'outbound-webhooks.mdx:88' */
  where: string;
  file: string;
  line: number;
  lang: string;
  /** Words after the language in the fence: what kind of sample it is (receiver, verify, paid, config, output…). */
  meta: string[];
  code: string;
}

function chapterOrder(text: string): number {
  const match = /^order:\s*(-?\d+)\s*$/m.exec(text.split(/^---\s*$/m)[1] ?? '');
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
}

/** Every fenced code block of one MDX text. */
export function samplesIn(file: string, text: string): DocsSample[] {
  const samples: DocsSample[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```(\S+)?\s*(.*)$/.exec(lines[index] ?? '');
    if (!open) continue;
    const indent = open[1] ?? '';
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? '').startsWith(`${indent}\`\`\``)) body.push((lines[end++] ?? '').slice(indent.length));
    samples.push({
      where: `${file}:${index + 1}`,
      file,
      line: index + 1,
      lang: open[2] ?? '',
      meta: (open[3] ?? '').split(/\s+/).filter(Boolean),
      code: `${body.join('\n')}\n`,
    });
    index = end;
  }
  return samples;
}

/** Every sample of every chapter, chapters in their docs order. */
export function docsSamples(dir = DOCS_DIR): DocsSample[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }))
    .sort((a, b) => chapterOrder(a.text) - chapterOrder(b.text) || a.name.localeCompare(b.name))
    .flatMap(({ name, text }) => samplesIn(name, text));
}
