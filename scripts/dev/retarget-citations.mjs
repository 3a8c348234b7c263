// One-off maintenance script, not part of the product: rewrites the code comments that cite the former outside
// documents ("spec" and "DESIGN" with a section sign and number) to the repository's own pages, docs/console.md and
// docs/decisions.md, by anchor. A bare section number that follows such a citation in the same comment block refers
// to the same document. Prints what it changed; --dry-run changes nothing.
//
//   node scripts/dev/retarget-citations.mjs [--dry-run] [folder or file ...]   (default: server src tests scripts bench)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECTION = '\u00a7';
const CONSOLE = {
  1: 'what-it-does',
  2: 'screens',
  3: 'entities',
  4: 'states',
  5: 'validation',
  6: 'roles',
  7: 'calls',
  8: 'messages',
  9: 'constants',
};
const DECISIONS = {
  1: 'stack',
  3: 'topology',
  4: 'api-conventions',
  5: 'payments',
  6: 'outbound-webhooks',
  7: 'security',
  8: 'console',
  9: 'performance-budgets',
};
const PAGES = {
  spec: { page: 'docs/console.md', anchors: CONSOLE },
  design: { page: 'docs/decisions.md', anchors: DECISIONS },
};

// "docs/console.md#screens", "#screens", "#validation", "#constants", "docs/decisions.md#outbound-webhooks"; or a bare "#payments" (group 3).
const CITATION = new RegExp(`(?:(?:the console |the )?\\b(spec's|[Ss]pec|DESIGN) )?${SECTION}(\\d+)`, 'g');
// Wording that named the former document without a section number, on lines that cite it.
const WORDING = [
  [/\b([Tt])he spec's rules\b/g, "$1he console's rules"],
  [/\b([Tt])he spec's documented\b/g, '$1he documented'],
  [/\b([Tt])he spec's text\b/g, '$1he documented text'],
];
const COMMENT_LINE = /^\s*(\/\/|\/?\*|\{\/\*|<!--|#)/;
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.astro', '.css', '.mdx']);

/** Rewrites one file's text; returns the new text and how many citations changed. */
export function retarget(text) {
  let current; // the document the comment block cites
  let changed = 0;
  const lines = text.split('\n').map((line) => {
    if (!COMMENT_LINE.test(line) && !line.includes('//') && !line.includes('/*')) current = undefined;
    if (/\bspec's\b/.test(line)) current = 'spec';
    const citedOnLine = new Set();
    const retargeted = line.replace(CITATION, (match, named, number) => {
      const kind = named === undefined ? current : named === 'DESIGN' ? 'design' : 'spec';
      if (kind === undefined) return match;
      current = kind;
      const { page, anchors } = PAGES[kind];
      const anchor = anchors[number];
      if (anchor === undefined) return match;
      changed++;
      const target = citedOnLine.has(page) ? `#${anchor}` : `${page}#${anchor}`;
      citedOnLine.add(page);
      return target;
    });
    return retargeted === line ? line : WORDING.reduce((result, [wording, plain]) => result.replace(wording, plain), retargeted);
  });
  return { text: lines.join('\n'), changed };
}

function* files(entry) {
  const stats = statSync(entry);
  if (stats.isFile()) {
    if (EXTENSIONS.has(path.extname(entry))) yield entry;
    return;
  }
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(path.join(entry, name));
  }
}

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const roots = args.filter((arg) => arg !== '--dry-run');
let total = 0;
let touched = 0;
for (const root of roots.length > 0 ? roots : ['server', 'src', 'tests', 'scripts', 'bench']) {
  for (const file of files(root)) {
    const before = readFileSync(file, 'utf8');
    const { text, changed } = retarget(before);
    if (changed === 0) continue;
    total += changed;
    touched++;
    console.log(`${String(changed).padStart(3)}  ${file}`);
    if (!dryRun) writeFileSync(file, text);
  }
}
console.log(`${dryRun ? 'Would rewrite' : 'Rewrote'} ${total} citations in ${touched} files.`);
