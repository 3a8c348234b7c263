// The public docs frame's build-time rules (issue 32): which chapters are public, where their links point, and the
// Markdown twin of a chapter.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chapterMarkdown } from '../../../src/lib/docs-markdown.ts';
import { publicChapters, publicDocsNavItems, publicLinkTarget, type ChapterLike } from '../../../src/lib/docs-nav.ts';
import { DOCS_DIR } from '../../helpers/docs-samples.ts';

const chapter = (id: string, audience: 'all' | 'superadmin', order: number) => ({
  id,
  data: { title: id, description: `${id} chapter`, order, audience },
});
const CHAPTERS: ChapterLike[] = [chapter('overview', 'all', 0), chapter('tools', 'superadmin', 30), chapter('errors', 'all', 10)];

describe('the public docs chapters', () => {
  it('are the chapters for all readers, in order, then the public API reference; never a superadmin chapter', () => {
    expect(publicChapters(CHAPTERS).map((entry) => entry.id)).toEqual(['overview', 'errors']);
    expect(publicDocsNavItems(CHAPTERS).map((item) => item.href)).toEqual(['/docs', '/docs/errors', '/docs/api']);
  });

  it('point console links at their public twins, and superadmin chapters at nothing', () => {
    expect(publicLinkTarget('/dashboard/integration-docs/errors#status-codes', CHAPTERS)).toBe('/docs/errors#status-codes');
    expect(publicLinkTarget('/dashboard/integration-docs', CHAPTERS)).toBe('/docs');
    expect(publicLinkTarget('/dashboard/integration-docs/api-reference', CHAPTERS)).toBe('/docs/api');
    expect(publicLinkTarget('/dashboard/integration-docs/tools', CHAPTERS)).toBeUndefined();
    expect(publicLinkTarget('/dashboard/integration-docs/no-such-chapter', CHAPTERS)).toBeUndefined();
    expect(publicLinkTarget('/dashboard/settings', CHAPTERS)).toBe('/dashboard/settings');
  });
});

describe('a chapter as Markdown', () => {
  const source = (name: string) =>
    readFileSync(path.join(DOCS_DIR, name), 'utf8')
      .split(/^---\s*$/m)
      .slice(2)
      .join('---');

  it('drops MDX imports and console-only blocks, renders components, and links to the Markdown twins', () => {
    const body = [
      "import ConsoleOnly from '../../components/docs/ConsoleOnly.astro';",
      'See [Errors](/dashboard/integration-docs/errors#codes) and the [tools](/dashboard/integration-docs/tools).',
      '',
      '```js',
      "import { createServer } from 'node:http';",
      '```',
      '',
      '<ProviderConfig name="sandbox" />',
      '<ConsoleOnly>',
      '  <Secret client:load />',
      '</ConsoleOnly>',
    ].join('\n');
    const markdown = chapterMarkdown(
      { ...chapter('overview', 'all', 0), body },
      CHAPTERS,
      (name, attributes) => `[${name} ${attributes['name']}]`,
    );
    expect(markdown).toBe(
      [
        '# overview',
        '',
        '> overview chapter',
        '',
        'See [Errors](/docs/errors.md#codes) and the tools.',
        '',
        '```js',
        "import { createServer } from 'node:http';",
        '```',
        '',
        '[ProviderConfig sandbox]',
        '',
      ].join('\n'),
    );
  });

  it('leaves no MDX behind in the real providers chapter (the one with components)', () => {
    const markdown = chapterMarkdown(
      { ...chapter('providers', 'all', 4), body: source('providers.mdx') },
      CHAPTERS,
      (name) => `<!-- ${name} -->`,
    );
    expect(markdown).not.toMatch(/^import /m);
    expect(markdown).not.toMatch(/ConsoleOnly|ProviderWebhookSamples|client:load/);
  });
});
