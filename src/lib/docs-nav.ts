// Where the Integration Docs live and how their chapter list is ordered (framework-free, build time).

export const DOCS_ROOT = '/dashboard/integration-docs';
/** The chapter shown at the docs root. */
export const DOCS_INDEX_ID = 'overview';
export const API_REFERENCE_HREF = `${DOCS_ROOT}/api-reference`;

export interface ChapterLike {
  id: string;
  data: { title: string; order: number; audience: 'all' | 'superadmin' };
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
