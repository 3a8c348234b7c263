// Where the Integration Docs live and how their chapter list is ordered (framework-free, build time).

export const DOCS_ROOT = '/dashboard/integration-docs';
/** The chapter shown at the docs root. */
export const DOCS_INDEX_ID = 'overview';
export const API_REFERENCE_HREF = `${DOCS_ROOT}/api-reference`;

export interface ChapterLike {
  id: string;
  data: { title: string; description?: string; order: number; audience: 'all' | 'superadmin' };
}

/** The URL of a chapter: the root for the overview, /dashboard/integration-docs/{id} for the others. */
export function chapterHref(id: string): string {
  return id === DOCS_INDEX_ID ? DOCS_ROOT : `${DOCS_ROOT}/${id}`;
}

/** The chapter list in order, with the generated API reference (superadmin) at the end. */
export function docsNavItems(chapters: readonly ChapterLike[]): Array<{ href: string; title: string; audience: 'all' | 'superadmin' }> {
  return [...chapters]
    .sort((a, b) => a.data.order - b.data.order)
    .map((chapter) => ({ href: chapterHref(chapter.id), title: chapter.data.title, audience: chapter.data.audience }))
    .concat([{ href: API_REFERENCE_HREF, title: 'API reference', audience: 'superadmin' }]);
}

/** The public docs (no sign-in): the chapters for all readers and the public API reference. */
export const PUBLIC_DOCS_ROOT = '/docs';
export const PUBLIC_API_HREF = `${PUBLIC_DOCS_ROOT}/api`;

/** A chapter's public URL: /docs for the overview, /docs/{id} for the others. */
export function publicChapterHref(id: string): string {
  return id === DOCS_INDEX_ID ? PUBLIC_DOCS_ROOT : `${PUBLIC_DOCS_ROOT}/${id}`;
}

/** The chapters every reader may see, in order (superadmin-only chapters never reach the public docs). */
export function publicChapters<T extends ChapterLike>(chapters: readonly T[]): T[] {
  return chapters.filter((chapter) => chapter.data.audience === 'all').sort((a, b) => a.data.order - b.data.order);
}

/** The public chapter list, then the public API reference. */
export function publicDocsNavItems(chapters: readonly ChapterLike[]): Array<{ href: string; title: string }> {
  return publicChapters(chapters)
    .map((chapter) => ({ href: publicChapterHref(chapter.id), title: chapter.data.title }))
    .concat([{ href: PUBLIC_API_HREF, title: 'API reference' }]);
}

/**
 * Where a chapter's link to another chapter points in the public docs: the chapters are written with their console
 * URLs; public chapters and the API reference have public twins, superadmin-only chapters none (undefined).
 */
export function publicLinkTarget(href: string, chapters: readonly ChapterLike[]): string | undefined {
  if (href !== DOCS_ROOT && !href.startsWith(`${DOCS_ROOT}/`) && !href.startsWith(`${DOCS_ROOT}#`)) return href;
  const [route = '', hash] = href.slice(DOCS_ROOT.length).split('#', 2);
  const fragment = hash === undefined ? '' : `#${hash}`;
  const id = route.replace(/^\//, '') || DOCS_INDEX_ID;
  if (`${DOCS_ROOT}/${id}` === API_REFERENCE_HREF) return `${PUBLIC_API_HREF}${fragment}`;
  const chapter = chapters.find((candidate) => candidate.id === id);
  return chapter?.data.audience === 'all' ? `${publicChapterHref(id)}${fragment}` : undefined;
}
