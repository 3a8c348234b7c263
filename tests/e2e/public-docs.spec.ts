// The public docs (/docs, issue 32), signed out: search leads to the outbound webhooks chapter, whose copied Node.js
// receiver verifies a real signed delivery from the server; superadmin-only chapters and operations never appear;
// every internal link and anchor resolves; axe finds nothing serious in either theme.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { docsSamples } from '../helpers/docs-samples.ts';
import { expectNoSeriousA11yViolationsInBothThemes } from './support/console.ts';
import { SUPERADMIN } from './support/constants.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, uniqueTag } from './support/users-api.ts';

const WEBHOOK_SECRET = `whsec_${'5c1e9a0b7d3f4e26'.repeat(4)}`;

/** A free loopback port for the sample receiver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A fresh organisation with its own orgadmin (so no other spec's webhook settings are touched); its token. */
async function organisationAdmin(request: APIRequestContext): Promise<string> {
  const root = await apiToken(request, SUPERADMIN);
  const tag = uniqueTag();
  const organisation = await apiCreateOrganisation(request, root, `Docs Reader ${tag}`, `DR${tag.slice(-6).toUpperCase()}`);
  const account = { name: 'Docs Reader', email: `docs.reader.${tag}@payrail.test`, password: `Docs-Reader-${tag}1` };
  await apiCreateUser(request, root, { ...account, orgId: organisation.id });
  return apiToken(request, account);
}

test.describe('the public docs, signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('search for "signature" leads to the outbound webhooks chapter, whose copied Node sample verifies a real delivery', async ({
    page,
    context,
    request,
  }) => {
    // Building an organisation, running the copied sample and waiting for the worker's delivery takes a while.
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // Keyboard first: '/' focuses the search box.
    await page.locator('body').press('/');
    const search = page.getByRole('searchbox', { name: 'Search the docs' });
    await expect(search).toBeFocused();
    await search.fill('signature');
    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('link', { name: 'Outbound webhooks', exact: true });
    // The first search fetches Pagefind's script, WebAssembly and index.
    await expect(hit).toBeVisible({ timeout: 30_000 });
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/outbound-webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbound webhooks' })).toBeVisible();

    // The Node.js receiver: the code block after the "Node.js" heading, copied with its Copy button.
    const block = page.locator('h3#nodejs ~ .code-block').first();
    await block.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('verifyPayrailWebhook');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const source = docsSamples().find(
      (sample) => sample.file === 'outbound-webhooks.mdx' && sample.lang === 'js' && sample.meta.includes('receiver'),
    );
    expect(copied).toBe(source?.code.replace(/\n$/, ''));

    // Run the copied sample as an integrator would, and have the server deliver a real signed webhook to it.
    const work = mkdtempSync(path.join(os.tmpdir(), 'payrail-public-docs-'));
    const port = await freePort();
    writeFileSync(path.join(work, 'receiver.mjs'), copied);
    const receiver = spawn(process.execPath, [path.join(work, 'receiver.mjs')], {
      env: { PATH: process.env['PATH'], PORT: String(port), PAYRAIL_WEBHOOK_SECRET: WEBHOOK_SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    receiver.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    receiver.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const token = await organisationAdmin(request);
      const headers = { authorization: `Bearer ${token}` };
      const saved = await request.patch('/api/organisations/my-organisation/webhook-config', {
        headers,
        data: { callbackUrl: `http://127.0.0.1:${port}/webhooks/payrail`, webhookSecret: WEBHOOK_SECRET },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status, { timeout: 10_000 }).toBe(401);
      const queued = await request.post('/api/organisations/my-organisation/webhook-test', { headers });
      expect(queued.status(), await queued.text()).toBe(202);
      // The server's delivery worker sends it; the sample answers 204 only to a valid signature.
      await expect
        .poll(
          async () => {
            const list = (await (await request.get('/api/organisations/my-organisation/webhook-deliveries', { headers })).json()) as {
              items: Array<{ event: string; status: string; responseCode: number | null }>;
            };
            return list.items.find((item) => item.event === 'payment.test');
          },
          { timeout: 30_000 },
        )
        .toMatchObject({ status: 'Success', responseCode: 204 });
      await expect.poll(() => output).toContain('payment.test');
    } finally {
      receiver.kill();
      rmSync(work, { recursive: true, force: true });
    }
  });

  test('superadmin-only chapters and operations never appear under /docs', async ({ page, request }) => {
    await page.goto('/docs');
    const chapters = page.getByRole('navigation', { name: 'Chapters' });
    await expect(chapters.getByRole('link')).not.toHaveCount(0);
    for (const title of ['API examples', 'Developer tools']) await expect(chapters.getByRole('link', { name: title })).toHaveCount(0);
    await expect(chapters.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs/api');
    for (const chapter of ['api-examples', 'tools']) {
      const response = await request.get(`/docs/${chapter}`, { maxRedirects: 0 });
      expect(response.status(), `/docs/${chapter}`).not.toBe(200);
      expect((await request.get(`/docs/${chapter}.md`, { maxRedirects: 0 })).status()).not.toBe(200);
    }
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('/docs/outbound-webhooks.md');
    expect(llms).not.toMatch(/api-examples|\/tools\.md/);

    const document = (await (await request.get('/docs/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method} ${route}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining(['post /api/payments', 'post /api/payment/checkout/{token}', 'post /api/webhooks/psp/{provider}']),
    );
    for (const closed of ['get /api/organisations', 'get /api/dashboard/superadmin-stats', 'post /api/psp', 'get /api/logs/api']) {
      expect(operations).not.toContain(closed);
    }
    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.locator('article')).not.toContainText('/api/dashboard/superadmin-stats');
    await expect(page.locator('article')).toContainText('/api/payments');
  });

  test('every internal link and anchor of the /docs pages resolves', async ({ request }) => {
    const sitemap = await (await request.get('/docs/sitemap.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(pages).toEqual(expect.arrayContaining(['/docs', '/docs/api', '/docs/outbound-webhooks']));
    const html = new Map<string, string>();
    const fetchPage = async (pathname: string) => {
      if (!html.has(pathname)) {
        const response = await request.get(pathname, { maxRedirects: 0 });
        html.set(pathname, response.status() === 200 ? await response.text() : '');
      }
      return html.get(pathname) ?? '';
    };
    const broken: string[] = [];
    for (const pathname of pages) {
      const body = await fetchPage(pathname);
      expect(body, pathname).toContain('</html>');
      for (const [, href = ''] of body.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
        const target = new URL(href.replaceAll('&amp;', '&'), `http://docs.test${pathname}`);
        if (target.host !== 'docs.test') continue;
        const targetPath = target.pathname.replace(/\/$/, '') || '/';
        if (targetPath.startsWith('/docs') && !/\.(md|json|txt|xml)$/.test(targetPath)) {
          const targetHtml = await fetchPage(targetPath);
          if (!targetHtml) broken.push(`${pathname}: ${href} (no page)`);
          else if (target.hash && !targetHtml.includes(`id="${decodeURIComponent(target.hash.slice(1))}"`))
            broken.push(`${pathname}: ${href} (no anchor)`);
        } else {
          const response = await request.get(target.pathname, { maxRedirects: 0 });
          if (response.status() !== 200) broken.push(`${pathname}: ${href} (${response.status()})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  // One test per page covers both themes (every rule in the dark one, the colour rules in the light one).
  for (const pathname of ['/docs', '/docs/outbound-webhooks', '/docs/providers', '/docs/api']) {
    test(`${pathname} has no serious accessibility violations in either theme`, async ({ page }) => {
      // axe over the long chapters and the API reference (~1,000 elements) takes minutes on a busy machine.
      test.setTimeout(300_000);
      await expectNoSeriousA11yViolationsInBothThemes(page, async () => {
        await page.goto(pathname);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    });
  }
  test('/docs with search results open has no serious accessibility violations in either theme', async ({ page }) => {
    test.setTimeout(180_000);
    await expectNoSeriousA11yViolationsInBothThemes(
      page,
      async () => {
        await page.goto('/docs');
        await page.getByRole('searchbox', { name: 'Search the docs' }).fill('webhook');
        await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible({ timeout: 30_000 });
      },
      '/docs search',
    );
  });
});
