// Integration Docs in Chromium (issue 8, docs/console.md#screens Integration Docs, #validation, #messages, #constants): both role views, copy
// buttons, the validator playground with Monaco markers, the send-test-webhook tool delivering for real to
// this server's own PSP webhook endpoint, a link checker over the built docs, CSP and axe on the pages.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { BASE_URL, SUPERADMIN } from './support/constants.ts';
import { STORAGE_STATE, expectNoSeriousA11yViolations, saveScreen, screenHeading, sidebar, toast } from './support/console.ts';
import { monacoIn } from './support/monaco.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, uniqueTag } from './support/users-api.ts';

const DOCS = '/dashboard/integration-docs';
const CONSOLE_DIR = path.resolve(import.meta.dirname, '../..', process.env['CONSOLE_DIR'] ?? 'dist');
const SANDBOX_KEY = 'sk_sandbox_e2e_docs_tool';

/** Collects CSP violations and uncaught errors while a page is used. */
function watchPage(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|connect)/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return { expectClean: () => expect(problems).toEqual([]) };
}

async function openDocs(page: Page, pathname = DOCS): Promise<void> {
  await page.goto(pathname);
  await expect(sidebar(page)).toBeVisible();
  await expect(screenHeading(page)).toHaveText('Integration Docs');
}

function chapterNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Integration docs chapters' });
}

test.describe('as orgadmin', () => {
  test.use({ storageState: STORAGE_STATE.orgadmin });

  test("shows the 'Limited view' badge, the restriction note, the shared chapters only, and copy buttons", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const watch = watchPage(page);
    await openDocs(page);
    await expect(page.getByText('Limited view', { exact: true })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Limited view' })).toContainText(
      'Provider and gateway credential management is restricted to platform superadmins',
    );
    const nav = chapterNav(page);
    await expect(nav.getByRole('link', { name: 'Quick start' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Outbound webhooks' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Bank checkout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Developer tools/ })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /API reference/ })).toHaveCount(0);

    // Webhook samples and organisation-scope bank examples are part of the limited view.
    await nav.getByRole('link', { name: 'Bank checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Organisation-scope banks' })).toBeVisible();
    await expect(page.locator('pre').filter({ hasText: '/api/organisations/my-organisation/banks' }).first()).toBeVisible();

    // Copy button: 'Copied to clipboard', the button reads 'Copied', then 'Copy' again after 1.2 s.
    const block = page.locator('.code-block').first();
    const button = block.getByRole('button', { name: 'Copy' });
    await button.click();
    await expect(toast(page, 'success', 'Copied to clipboard')).toBeVisible();
    await expect(block.getByRole('button')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('curl --fail-with-body');
    expect(copied).not.toContain('Copy');
    await expect(block.getByRole('button')).toHaveText('Copy', { timeout: 3000 });

    // The superadmin chapters are not shown to an orgadmin even by direct URL.
    await openDocs(page, `${DOCS}/tools`);
    await expect(page.getByText('This chapter is available to platform superadmins only.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Config validator playground' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send test webhook' })).toHaveCount(0);

    await openDocs(page, `${DOCS}/outbound-webhooks`);
    await expect(page.getByRole('heading', { name: 'The signature, exactly' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${DOCS}/outbound-webhooks (orgadmin)`);
    await openDocs(page);
    await saveScreen(page, 'integration-docs-orgadmin');
    await expectNoSeriousA11yViolations(page, `${DOCS} (orgadmin)`);
    watch.expectClean();
  });
});

test.describe('as superadmin', () => {
  test.use({ storageState: STORAGE_STATE.superadmin });

  test('full view: no badge, superadmin chapters, per-provider webhook samples and the API reference', async ({ page }) => {
    // Two docs pages and an accessibility scan of the largest one (the API reference: every route): 37 s alone on a
    // slow machine, past the 60 s default beside a second worker.
    test.slow();
    const watch = watchPage(page);
    await openDocs(page);
    await expect(page.getByText('Limited view', { exact: true })).toBeHidden();
    await expect(page.getByText('Full view', { exact: true })).toBeVisible();
    const nav = chapterNav(page);
    await expect(nav.getByRole('link', { name: /Developer tools/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: /API examples/ })).toBeVisible();

    await nav.getByRole('link', { name: 'Provider configs' }).click();
    await expect(page.getByRole('heading', { name: 'Webhook samples per provider' })).toBeVisible();
    const sandbox = page.locator('.docs-provider').filter({ has: page.getByRole('heading', { name: /Sandbox PSP/ }) });
    await expect(sandbox).toContainText('X-Sandbox-Signature');
    await expect(sandbox).toContainText('POST /api/webhooks/psp/sandbox');
    const paystack = page.locator('.docs-provider').filter({ has: page.getByRole('heading', { name: /Paystack/ }) });
    await expect(paystack).toContainText('x-paystack-signature');
    await expect(paystack).toContainText('HMAC-SHA512');

    await openDocs(page, `${DOCS}/api-reference`);
    await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
    await expect(page.locator('#post-api-payments')).toBeVisible();
    await expect(page.locator('#post-api-webhooks-psp-provider')).toContainText('/api/webhooks/psp/{provider}');
    // On a phone the chapter list sits above the chapter and scrolls away with it, not over the text beneath it.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.locator('#post-api-payments').scrollIntoViewIfNeeded();
    const chapters = await chapterNav(page).boundingBox();
    expect(chapters!.y + chapters!.height, 'the chapter list scrolled away').toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expectNoSeriousA11yViolations(page, `${DOCS}/api-reference`);
    watch.expectClean();
  });

  test('validator playground: a sample config, and typed errors marked in Monaco and listed', async ({ page }) => {
    const watch = watchPage(page);
    await openDocs(page, `${DOCS}/tools`);
    const playground = page.locator('.docs-tool').filter({ has: page.getByRole('heading', { name: 'Config validator playground' }) });
    const field = await monacoIn(playground);
    const check = playground.getByRole('status', { name: 'Config to validate check' });
    await expect(check).toContainText('Config is valid.');

    await field.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ "auth": { "type": "apikey" }, "init": { "method": "POST", "url": "/pay" }, ');
    await page.keyboard.press('Shift+ControlOrMeta+End');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('"verify": { "method": "GET", "url": "/status" } }');
    await expect(check).toContainText('baseUrl is required.');
    await expect(check).toContainText('auth.type must be bearer, basic, header or none.');
    await expect(check).toContainText('verify.url must contain {reference}.');
    await expect(field.locator('.json-editor__monaco')).not.toHaveAttribute('data-error-markers', '0');
    await expect(field.locator('.monaco-editor .squiggly-error').first()).toBeVisible();

    // Invalid JSON is a clear message, never an uncaught exception.
    await page.keyboard.insertText(' oops');
    await expect(check).toContainText('Invalid config JSON');

    await playground.getByLabel('Start from').selectOption('xmlpay');
    await expect(check).toContainText('Config is valid.');
    await expectNoSeriousA11yViolations(page, `${DOCS}/tools`);
    watch.expectClean();
  });

  test.describe('send test webhook', () => {
    let reference = '';
    let otherReference = '';
    let orgToken = '';

    test.beforeAll(async ({ request }) => {
      // An organisation with a Sandbox gateway whose webhook secret is known, and Pending payments started there.
      const tag = uniqueTag();
      const superToken = await apiToken(request, SUPERADMIN);
      const organisation = await apiCreateOrganisation(request, superToken, `Docs Tool ${tag}`, `DT${tag.toUpperCase()}`.slice(0, 20));
      const admin = { email: `docs.tool.${tag}@payrail.test`, password: 'E2e-Docs-Tool-Pass1', name: 'Docs Tool Admin' };
      await apiCreateUser(request, superToken, { ...admin, orgId: organisation.id, role: 'orgadmin' });
      const token = await apiToken(request, admin);
      const headers = { authorization: `Bearer ${token}` };
      const gateway = await request.post('/api/organisations/my-organisation/gateways', {
        headers,
        data: {
          name: 'Sandbox',
          provider: 'sandbox',
          secretKey: SANDBOX_KEY,
          webhookSecret: SANDBOX_KEY,
          config: sandboxEntry(BASE_URL).sampleConfig,
        },
      });
      expect(gateway.status(), await gateway.text()).toBe(201);
      const pay = async () => {
        const created = await request.post('/api/payments', {
          headers,
          data: {
            amount: '9.99',
            customerName: 'Tool Test',
            customerEmail: 'tool@example.com',
            description: 'Docs tool',
            processViaGateway: true,
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        return String(((await created.json()) as { reference: string }).reference);
      };
      reference = await pay();
      otherReference = await pay();
      orgToken = token;
    });

    async function paymentStatus(page: Page, ref: string): Promise<string> {
      const response = await page.request.get(`/api/payments/${ref}`, { headers: { authorization: `Bearer ${orgToken}` } });
      return String(((await response.json()) as { status: string }).status);
    }

    test("delivers a signed callback to this server's PSP endpoint; a wrong secret fails; bad input is explained", async ({ page }) => {
      const watch = watchPage(page);
      await openDocs(page, `${DOCS}/tools`);
      const tool = page.locator('form.docs-tool__form');
      const send = tool.getByRole('button', { name: 'Send test webhook' });
      await expect(tool.getByLabel('Signature header name')).toHaveValue('X-Payrail-Signature');

      // Required fields, in the spec's words.
      await send.click();
      await expect(toast(page, 'error', 'Missing URL')).toContainText('Enter a destination URL');
      await tool.getByLabel('Destination URL').fill(`${BASE_URL}/api/webhooks/psp/sandbox`);
      await send.click();
      await expect(toast(page, 'error', 'Missing secret')).toContainText('Enter a signing secret');

      // The sandbox's own inbound settings, then a real callback for a real payment.
      await tool.getByLabel('Provider').selectOption('sandbox');
      await tool.getByRole('button', { name: "Target Payrail's inbound webhook" }).click();
      await expect(tool.getByLabel('Destination URL')).toHaveValue(`${BASE_URL}/api/webhooks/psp/sandbox`);
      await expect(tool.getByLabel('Signature header name')).toHaveValue('X-Sandbox-Signature');
      await tool.getByLabel('Signing secret').fill(SANDBOX_KEY);

      await tool.getByLabel('JSON payload').fill('{ "reference": ');
      await send.click();
      await expect(toast(page, 'error', 'Invalid JSON')).toContainText('The payload is not valid JSON');

      await tool.getByLabel('JSON payload').fill(JSON.stringify({ reference, status: 'success' }));
      await send.click();
      await expect(toast(page, 'success', 'Webhook delivered')).toContainText('HTTP 200');
      await expect(tool.getByRole('status', { name: 'Test webhook result' })).toContainText('Payment is now Success.');
      expect(await paymentStatus(page, reference)).toBe('Success');

      // The server verifies the signature: another secret is refused with its own message.
      await tool.getByLabel('Signing secret').fill('not-the-gateway-secret');
      await tool.getByLabel('JSON payload').fill(JSON.stringify({ reference: otherReference, status: 'success' }));
      await send.click();
      await expect(toast(page, 'error', 'Webhook failed')).toContainText('HTTP 401');
      await expect(toast(page, 'error', 'Webhook failed')).toContainText('Invalid signature.');
      expect(await paymentStatus(page, otherReference)).toBe('Pending');
      await saveScreen(page, 'integration-docs-test-webhook');

      // An unreachable destination: 'Webhook error' with an explanation, no uncaught exception.
      await tool.getByLabel('Destination URL').fill('http://127.0.0.1:9/hooks');
      await send.click();
      await expect(toast(page, 'error', 'Webhook error')).toContainText('unreachable');
      watch.expectClean();
    });
  });
});

/** Every .html file of the build, by the route it is served at. */
function builtPages(): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        const route = `/${path.relative(CONSOLE_DIR, full).split(path.sep).join('/')}`.replace(/\/index\.html$/, '').replace(/\.html$/, '');
        pages.set(route || '/', readFileSync(full, 'utf8'));
      }
    }
  };
  walk(CONSOLE_DIR);
  return pages;
}

test('link checker: every internal link of the built docs resolves to a built page and anchor', async ({ request }) => {
  const pages = builtPages();
  const docsPages = [...pages.keys()].filter((route) => route === DOCS || route.startsWith(`${DOCS}/`));
  expect(docsPages.length).toBeGreaterThanOrEqual(12);
  const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
  const broken: string[] = [];
  let checked = 0;
  for (const route of docsPages) {
    const html = pages.get(route) ?? '';
    for (const [, raw] of html.matchAll(/\shref="([^"]+)"/g)) {
      const href = (raw ?? '').replace(/&amp;/g, '&');
      if (/^(https?:|mailto:)/.test(href) || href.startsWith('/_astro/') || href === '/favicon.svg') continue;
      checked++;
      const [pathPart = '', anchor] = href.split('#');
      const target = pathPart === '' ? route : pathPart.replace(/\/$/, '') || '/';
      const targetHtml = pages.get(target);
      if (targetHtml === undefined) broken.push(`${route}: ${href} (no such page)`);
      else if (anchor && !idsOf(targetHtml).has(decodeURIComponent(anchor))) broken.push(`${route}: ${href} (no #${anchor})`);
    }
    // Served with its page CSP, the built HTML being what the checker read.
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  }
  expect(checked).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});
