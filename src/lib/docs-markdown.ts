// A chapter's MDX source as plain Markdown for machines and offline readers (/docs/{chapter}.md): the MDX imports
// go, console-only blocks go, components become the Markdown they stand for, and links to other chapters point at
// their Markdown twins. Build time only.
import { DOCS_INDEX_ID, PUBLIC_API_HREF, PUBLIC_DOCS_ROOT, publicLinkTarget, type ChapterLike } from './docs-nav.ts';

/** Turns one self-closing component tag (e.g. `<ProviderConfig name="x" />`) into Markdown; throws on an unknown one. */
export type ComponentMarkdown = (name: string, attributes: Record<string, string>) => string;

const FENCE = /^\s*```/;
const SELF_CLOSING = /^\s*<([A-Z][A-Za-z0-9]*)((?:\s+[a-z][\w:-]*(?:="[^"]*")?)*)\s*\/>\s*$/;

/** The public Markdown URL of a chapter's public page URL (the API reference stays HTML). */
function markdownTarget(publicHref: string): string {
  const [route = '', hash] = publicHref.split('#', 2);
  if (route === PUBLIC_API_HREF || !route.startsWith(PUBLIC_DOCS_ROOT)) return publicHref;
  const id = route === PUBLIC_DOCS_ROOT ? DOCS_INDEX_ID : route.slice(PUBLIC_DOCS_ROOT.length + 1);
  return `${PUBLIC_DOCS_ROOT}/${id}.md${hash === undefined ? '' : `#${hash}`}`;
}

function rewriteLinks(line: string, chapters: readonly ChapterLike[]): string {
  return line.replace(/\[([^\]]+)\]\((\/[^)\s]+)\)/g, (_whole, text: string, href: string) => {
    const target = publicLinkTarget(href, chapters);
    return target === undefined ? text : `[${text}](${markdownTarget(target)})`;
  });
}

/** The chapter as Markdown: `# title`, the description as a quote, then the body. */
export function chapterMarkdown(
  chapter: ChapterLike & { body?: string | undefined; data: { description: string } },
  chapters: readonly ChapterLike[],
  component: ComponentMarkdown,
): string {
  const out: string[] = [`# ${chapter.data.title}`, '', `> ${chapter.data.description}`, ''];
  let inFence = false;
  let consoleOnly = 0;
  for (const line of (chapter.body ?? '').split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && !FENCE.test(line)) {
      if (/^\s*<ConsoleOnly>\s*$/.test(line)) {
        consoleOnly++;
        continue;
      }
      if (/^\s*<\/ConsoleOnly>\s*$/.test(line)) {
        consoleOnly--;
        continue;
      }
      if (consoleOnly > 0) continue;
      if (/^import\s.+\sfrom\s+['"][^'"]+['"];?\s*$/.test(line)) continue;
      const tag = SELF_CLOSING.exec(line);
      if (tag) {
        const attributes = Object.fromEntries(
          [...(tag[2] ?? '').matchAll(/([a-z][\w:-]*)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
        );
        out.push(component(tag[1] ?? '', attributes));
        continue;
      }
      out.push(rewriteLinks(line, chapters));
      continue;
    }
    if (consoleOnly === 0) out.push(line);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
