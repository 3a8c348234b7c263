// /llms.txt: the public docs for language models (llmstxt.org): what Payrail is, then every public chapter's
// Markdown with its description, and the OpenAPI document.
import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { PUBLIC_DOCS_ROOT, publicChapters } from '../lib/docs-nav.ts';

export const GET: APIRoute = async () => {
  const chapters = publicChapters(await getCollection('docs'));
  const lines = [
    '# Payrail',
    '',
    '> Payment orchestration: create payments with one API call, route them to PSPs and banks, receive their signed callbacks, and get signed webhooks about every payment change.',
    '',
    `The integration docs are also published as HTML at ${PUBLIC_DOCS_ROOT}. Every sample in them is runnable and tested.`,
    '',
    '## Chapters',
    '',
    ...chapters.map((chapter) => `- [${chapter.data.title}](${PUBLIC_DOCS_ROOT}/${chapter.id}.md): ${chapter.data.description}`),
    '',
    '## API reference',
    '',
    `- [OpenAPI document](${PUBLIC_DOCS_ROOT}/openapi.json): the operations an organisation uses, OpenAPI 3.1 JSON`,
    `- [API reference](${PUBLIC_DOCS_ROOT}/api): the same operations as an HTML page`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
