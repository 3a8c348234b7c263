// /docs/{chapter}.md: each public chapter as Markdown (from the same MDX source as its page), for machines and
// offline readers; /llms.txt lists them.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { CATALOGUE, sandboxEntry } from '../../../server/db/provider-catalogue.ts';
import { DOCS_PUBLIC_URL } from '../../lib/docs-constants.ts';
import { chapterMarkdown, type ComponentMarkdown } from '../../lib/docs-markdown.ts';
import { publicChapters } from '../../lib/docs-nav.ts';

/** The Markdown of the components the public chapters use (what ProviderConfig.astro renders). */
const componentMarkdown: ComponentMarkdown = (name, attributes) => {
  if (name !== 'ProviderConfig') throw new Error(`No Markdown for the <${name}> component: add it to src/pages/docs/[slug].md.ts.`);
  const entry = [sandboxEntry(DOCS_PUBLIC_URL), ...CATALOGUE].find((candidate) => candidate.name === attributes['name']);
  if (!entry) throw new Error(`No provider ${attributes['name']} in the catalogue.`);
  const webhook = entry.sampleConfig.webhook;
  return [
    `- Provider name: \`${entry.name}\` (${entry.displayName})`,
    `- Credentials: required ${entry.constraintsRequired.map((field) => `\`${field}\``).join(', ')}; optional ${entry.constraintsOptional.map((field) => `\`${field}\``).join(', ')}`,
    `- Webhook: header \`${webhook?.signatureHeader ?? entry.webhookHeaderName}\`, HMAC-${entry.hmacAlgo.toUpperCase()} ${webhook?.encoding ?? 'hex'}${webhook?.stripPrefix ? ` with prefix \`${webhook.stripPrefix}\`` : ''}; success statuses ${entry.successStatuses.map((status) => `\`${status}\``).join(', ')}`,
    `- Notes: ${entry.notes}`,
    '',
    '```json',
    JSON.stringify(entry.sampleConfig, null, 2),
    '```',
  ].join('\n');
};

export const getStaticPaths = (async () => {
  const chapters = await getCollection('docs');
  return publicChapters(chapters).map((chapter) => ({ params: { slug: chapter.id }, props: { chapter, chapters } }));
}) satisfies GetStaticPaths;

interface Props {
  chapter: CollectionEntry<'docs'>;
  chapters: Array<CollectionEntry<'docs'>>;
}

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(chapterMarkdown(props.chapter, props.chapters, componentMarkdown), {
    headers: { 'content-type': 'text/markdown; charset=utf-8' },
  });
