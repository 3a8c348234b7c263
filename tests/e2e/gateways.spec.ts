// docs/console.md#screens Payment Gateway Configuration (a card per gateway with Save and Delete Gateway, Create Gateway
// modal, both roles on their own endpoints), docs/console.md#states (toggle, generated secret not saved until Save), #validation
// gateway rules, docs/console.md#roles provider lookups by role, #messages toasts; docs/decisions.md#stack (Monaco bundled, never a CDN) and #security
// (masked credentials). Each test makes and removes its own gateways; an orgadmin test works in an
// organisation of its own, so the demo organisation is left alone.
import { expect, test, type ConsoleMessage, type Locator, type Page, type Request } from '@playwright/test';
import type { Gateway } from '../../src/lib/api/types.ts';
import { SUPERADMIN } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen, toast, waitForConsole } from './support/console.ts';
import { configCheck, monacoIn, typeIntoMonaco } from './support/monaco.ts';
import { apiCreateOrganisation, apiCreateUser, apiGetJson, apiToken, saveWholeScreen, signIn, uniqueTag } from './support/users-api.ts';

const GATEWAYS_PATH = '/dashboard/gateways';
const CDN = /jsdelivr|unpkg|cdnjs|esm\.sh|skypack/i;

/** Everything the page asked for, console errors and page errors, to check that nothing came from a CDN or was blocked by the CSP. */
function watchPage(page: Page) {
  const requests: Request[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return {
    requests,
    /** Requests of a method to an API path (exact, query ignored). */
    calls: (method: string, path: string | RegExp) =>
      requests.filter((r) => {
        const { pathname } = new URL(r.url());
        return r.method() === method && (typeof path === 'string' ? pathname === path : path.test(pathname));
      }),
    expectSafe() {
      const origin = new URL(page.url()).origin;
      const foreign = requests
        .map((r) => r.url())
        .filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'));
      expect(foreign, 'every request goes to the console origin (no CDN)').toEqual([]);
      expect(requests.map((r) => r.url()).filter((url) => CDN.test(url))).toEqual([]);
      const csp = consoleErrors.filter((text) => /content security policy|refused to/i.test(text));
      expect(csp, 'no Content-Security-Policy violations').toEqual([]);
      expect(pageErrors, 'no uncaught page errors').toEqual([]);
    },
  };
}

function sandboxConfig(origin: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    baseUrl: `${origin}/api/sandbox-psp`,
    auth: { type: 'bearer', tokenFrom: 'secretKey' },
    webhook: { signatureHeader: 'X-Sandbox-Signature', encoding: 'hex', reference: 'reference', status: 'status' },
    init: {
      method: 'POST',
      url: '/transactions',
      payload: { amount: '{amount}', currency: '{currency}', reference: '{reference}', callbackUrl: '{callbackUrl}' },
      response: { providerReference: 'providerReference', checkoutUrl: 'checkoutUrl' },
    },
    verify: {
      method: 'GET',
      url: '/transactions/{reference}',
      response: { status: 'status' },
      successStatuses: ['success'],
      failedStatuses: ['failed', 'cancelled'],
    },
    ...extra,
  };
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

test.describe('as superadmin', () => {
  test('create with a Monaco-typed config, see validation, edit, toggle, generate a secret and delete', async ({ page }) => {
    test.setTimeout(120_000);
    const watch = watchPage(page);
    const token = await signIn(page, SUPERADMIN, GATEWAYS_PATH);
    await waitForConsole(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Gateway Configuration');
    const origin = new URL(page.url()).origin;
    // The page is served with the CSP the editor has to live with.
    const csp = (await page.request.get(GATEWAYS_PATH)).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    // Superadmins read the provider list (with sample configs) and the global gateways.
    await expect.poll(() => watch.calls('GET', '/api/psp').length).toBe(1);
    expect(watch.calls('GET', '/api/gateways')).toHaveLength(1);
    expect(watch.calls('GET', '/api/organisations/my-organisation/gateways')).toHaveLength(0);

    // Provider required: nothing is sent.
    await page.getByRole('button', { name: 'Create Gateway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Gateway' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Gateway' }).click();
    const providerToast = toast(page, 'error', 'Please select a payment provider.');
    await expect(providerToast).toBeVisible();
    await expect(providerToast).toContainText('Provider required');
    expect(watch.calls('POST', '/api/gateways')).toHaveLength(0);

    // Choosing the Sandbox PSP pre-fills its sample config, marks its required credentials and keeps the defaults.
    await dialog.getByLabel('Provider').selectOption('sandbox');
    const field = await monacoIn(dialog);
    await expect(configCheck(field)).toContainText('Config is valid.');
    await expect(dialog.getByLabel('Priority')).toHaveValue('1');
    await expect(dialog.getByLabel('HMAC Algorithm')).toHaveValue('sha256');
    await expect(dialog.locator('label', { hasText: 'Secret Key' }).locator('.field__required')).toHaveCount(1);
    await expect(dialog.locator('label', { hasText: 'Webhook Secret' }).locator('.field__required')).toHaveCount(1);
    await expect(dialog.locator('label', { hasText: 'Public Key' }).locator('.field__required')).toHaveCount(0);

    // A broken config typed into Monaco: an unknown token and no verify block are marked in the text and listed.
    const { verify: _dropped, ...withoutVerify } = sandboxConfig(origin);
    const broken = JSON.stringify(
      { ...withoutVerify, init: { ...(withoutVerify['init'] as object), payload: { amount: '{amout}', reference: '{reference}' } } },
      null,
      2,
    );
    await typeIntoMonaco(page, field, broken);
    await expect(configCheck(field)).toContainText('Unknown template token {amout} at init.payload.amount.');
    await expect(configCheck(field)).toContainText('verify is required, with method and url (use {reference}).');
    await expect(configCheck(field)).toContainText('2 errors');
    await expect(field.locator('.json-editor__monaco')).toHaveAttribute('data-error-markers', '2');
    await expect(field.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
    // Hovering the marked token shows the validator's message in Monaco's hover.
    await field.locator('.monaco-editor .view-line', { hasText: '{amout}' }).getByText('{amout}').hover();
    await expect(page.locator('.monaco-hover').filter({ hasText: 'Unknown template token {amout}' }).first()).toBeVisible();
    await page.mouse.move(0, 0);
    // Tall enough for the whole modal (it is at most the viewport's height).
    const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.setViewportSize({ width: viewport.width, height: 1500 });
    await saveScreen(page, 'gateways-create-modal-marker');
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page, `${GATEWAYS_PATH} (create modal with Monaco)`);

    const name = `E2E Sandbox ${uniqueTag()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel(/^Secret Key/).fill('sk_test_e2e_sandbox_123456');
    await dialog.getByRole('button', { name: 'Generate webhook secret' }).click();
    await expect(toast(page, 'info', 'Secret generated. Remember to save.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Show Webhook Secret' }).click();
    await expect(dialog.getByLabel(/^Webhook Secret/)).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const webhookSecret = await dialog.getByLabel(/^Webhook Secret/).inputValue();

    // The server runs the same validator: a config it refuses gives 'Failed to save gateway' with its message.
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/gateways');
    await dialog.getByRole('button', { name: 'Create Gateway' }).click();
    expect((await refused).status()).toBe(400);
    const failed = toast(page, 'error', 'Failed to save gateway');
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('Config is invalid');
    await expect(dialog).toBeVisible();

    // Text that is not JSON is stopped in the browser.
    await typeIntoMonaco(page, field, '{ "baseUrl": ');
    await expect(configCheck(field)).toContainText('Invalid config JSON');
    await dialog.getByRole('button', { name: 'Create Gateway' }).click();
    const jsonToast = toast(page, 'error', 'Please provide valid JSON in Config.');
    await expect(jsonToast).toBeVisible();
    await expect(jsonToast).toContainText('Invalid config JSON');
    expect(watch.calls('POST', '/api/gateways')).toHaveLength(1);

    // A valid config typed with the keyboard, then created.
    const config = sandboxConfig(origin);
    await typeIntoMonaco(page, field, JSON.stringify(config, null, 2));
    await expect(configCheck(field)).toContainText('Config is valid.');
    await expect(field.locator('.json-editor__monaco')).toHaveAttribute('data-error-markers', '0');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/gateways');
    await dialog.getByRole('button', { name: 'Create Gateway' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    expect(createdResponse.request().postDataJSON()).toEqual({
      name,
      provider: 'sandbox',
      secretKey: 'sk_test_e2e_sandbox_123456',
      webhookSecret,
      hmacAlgo: 'sha256',
      sandbox: false,
      priority: 1,
      config,
    });
    await expect(toast(page, 'success', 'Gateway created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const gateway = (await createdResponse.json()) as Gateway;
    expect(gateway.config).toEqual(config);

    // The card: an inline form with the masks the server sent.
    const item = card(page, name);
    await expect(item).toBeVisible();
    await expect(item.getByLabel(/^Secret Key/)).toHaveValue('••••3456');
    await expect(item.getByLabel(/^Webhook Secret/)).toHaveValue(`••••${webhookSecret.slice(-4)}`);
    await expect(item.getByLabel('Provider')).toHaveValue('Sandbox PSP (built in) (sandbox)');
    const cardEditor = await monacoIn(item);
    await expect(configCheck(cardEditor)).toContainText('Config is valid.');

    // Edit and Save: the masks go back unchanged (the stored credentials are kept).
    await item.getByLabel('Name').fill(`${name} (primary)`);
    await item.getByLabel('Priority').fill('2');
    await item.getByLabel("Sandbox mode (the PSP's test environment)").check();
    await expect(item.getByText('Unsaved changes')).toBeVisible();
    const saved = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/gateways/${gateway.id}`));
    await item.getByRole('button', { name: /^Save/ }).click();
    const patch = (await saved).postDataJSON() as Record<string, unknown>;
    expect(patch).toMatchObject({ name: `${name} (primary)`, priority: 2, sandbox: true, secretKey: '••••3456', publicKey: null, config });
    await expect(toast(page, 'success', 'Gateway saved')).toBeVisible();
    const renamed = card(page, `${name} (primary)`);
    await expect(renamed).toBeVisible();
    await expect(renamed.getByText('Unsaved changes')).toHaveCount(0);
    await expect(renamed.getByText('Sandbox', { exact: true })).toBeVisible();
    let stored = (await apiGetJson<Gateway[]>(page.request, token, '/api/gateways')).find((g) => g.id === gateway.id);
    expect(stored).toMatchObject({ name: `${name} (primary)`, priority: 2, sandbox: true, secretKey: '••••3456' });

    // Invalid JSON in a card: 'Invalid config JSON. Not saved.' and nothing is sent.
    const renamedEditor = await monacoIn(renamed);
    const patchesBefore = watch.calls('PATCH', `/api/gateways/${gateway.id}`).length;
    await typeIntoMonaco(page, renamedEditor, '{ "baseUrl": "https://api.psp.example", ');
    await renamed.getByRole('button', { name: /^Save/ }).click();
    await expect(toast(page, 'error', 'Invalid config JSON. Not saved.')).toBeVisible();
    expect(watch.calls('PATCH', `/api/gateways/${gateway.id}`)).toHaveLength(patchesBefore);

    // A config the server refuses: 'Failed to save {name} configuration: <server message>'.
    await typeIntoMonaco(page, renamedEditor, JSON.stringify({ ...config, verify: { method: 'GET', url: '/transactions' } }, null, 2));
    await expect(configCheck(renamedEditor)).toContainText('verify.url must contain {reference}.');
    await renamed.getByRole('button', { name: /^Save/ }).click();
    await expect(
      toast(page, 'error', `Failed to save ${name} (primary) configuration: Config is invalid: verify.url must contain {reference}.`),
    ).toBeVisible();
    await typeIntoMonaco(page, renamedEditor, JSON.stringify(config, null, 2));
    await expect(configCheck(renamedEditor)).toContainText('Config is valid.');

    // The enabled switch saves at once with PATCH {enabled}.
    const toggle = renamed.getByRole('switch', { name: `${name} (primary) enabled` });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const toggled = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/gateways/${gateway.id}`));
    await toggle.click();
    expect((await toggled).postDataJSON()).toEqual({ enabled: false });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(toast(page, 'success', 'Gateway disabled')).toBeVisible();
    stored = (await apiGetJson<Gateway[]>(page.request, token, '/api/gateways')).find((g) => g.id === gateway.id);
    expect(stored?.enabled).toBe(false);

    // Generate fills a new secret but saves nothing until Save.
    const patchesBeforeGenerate = watch.calls('PATCH', `/api/gateways/${gateway.id}`).length;
    await renamed.getByRole('button', { name: `Generate webhook secret for ${name} (primary)` }).click();
    await expect(toast(page, 'info', 'Secret generated. Remember to save.').first()).toBeVisible();
    await renamed.getByRole('button', { name: 'Show Webhook Secret' }).click();
    const secretInput = renamed.getByLabel(/^Webhook Secret/);
    await expect(secretInput).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const newSecret = await secretInput.inputValue();
    expect(newSecret).not.toBe(webhookSecret);
    await expect(renamed.getByText('Unsaved changes')).toBeVisible();
    expect(watch.calls('PATCH', `/api/gateways/${gateway.id}`)).toHaveLength(patchesBeforeGenerate);
    stored = (await apiGetJson<Gateway[]>(page.request, token, '/api/gateways')).find((g) => g.id === gateway.id);
    expect(stored?.webhookSecret).toBe(`••••${webhookSecret.slice(-4)}`);
    const savedSecret = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/gateways/${gateway.id}`));
    await renamed.getByRole('button', { name: /^Save/ }).click();
    expect(((await savedSecret).postDataJSON() as Record<string, unknown>)['webhookSecret']).toBe(newSecret);
    await expect(secretInput).toHaveValue(`••••${newSecret.slice(-4)}`);
    stored = (await apiGetJson<Gateway[]>(page.request, token, '/api/gateways')).find((g) => g.id === gateway.id);
    expect(stored?.webhookSecret).toBe(`••••${newSecret.slice(-4)}`);

    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
    await saveWholeScreen(page, 'gateways-cards');
    await expectNoSeriousA11yViolations(page, `${GATEWAYS_PATH} (cards with Monaco)`);

    // Delete asks first; Cancel keeps the gateway.
    await renamed.getByRole('button', { name: `Delete Gateway ${name} (primary)` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete gateway' });
    await expect(confirm).toContainText(`Are you sure you want to delete the gateway ${name} (primary)?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: `Delete Gateway ${name} (primary)` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'success', 'Gateway deleted')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    expect((await apiGetJson<Gateway[]>(page.request, token, '/api/gateways')).some((g) => g.id === gateway.id)).toBe(false);

    // Monaco and its workers came from this server, and the page's CSP blocked nothing.
    expect(page.workers().length).toBeGreaterThan(0);
    for (const worker of page.workers()) expect(worker.url()).toMatch(new RegExp(`^${origin}/_astro/`));
    expect(watch.requests.some((r) => /\/_astro\/MonacoJsonEditor\.[\w-]+\.js$/.test(r.url()))).toBe(true);
    watch.expectSafe();
  });
});

test.describe('as orgadmin', () => {
  test("uses the organisation's endpoints and the constraints list, and never shows global gateways", async ({ page }) => {
    test.setTimeout(90_000);
    const tag = uniqueTag();
    const superToken = await apiToken(page.request, SUPERADMIN);
    const organisation = await apiCreateOrganisation(page.request, superToken, `Gateways Org ${tag}`, `GW-${tag.toUpperCase()}`);
    const account = { name: `Gateways Admin ${tag}`, email: `gateways.${tag}@payrail.test`, password: 'Gateways-Pass-1' };
    await apiCreateUser(page.request, superToken, { ...account, orgId: organisation.id, role: 'orgadmin' });

    // A global gateway that the orgadmin must not see on this screen.
    const globalName = `E2E Global ${tag}`;
    const globalResponse = await page.request.post('/api/gateways', {
      headers: { authorization: `Bearer ${superToken}` },
      data: {
        name: globalName,
        provider: 'sandbox',
        secretKey: 'sk_global',
        webhookSecret: 'whsec_global',
        config: sandboxConfig('https://sandbox.psp.example'),
      },
    });
    const globalGateway = (await globalResponse.json()) as Gateway;
    expect(globalResponse.status(), JSON.stringify(globalGateway)).toBe(201);

    try {
      const watch = watchPage(page);
      const token = await signIn(page, account, GATEWAYS_PATH);
      await waitForConsole(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Gateway Configuration');
      await expect(page.getByText('No gateways configured yet.')).toBeVisible();
      await expect(page.getByText(globalName)).toHaveCount(0);
      expect(watch.calls('GET', '/api/organisations/my-organisation/gateways')).toHaveLength(1);
      await expect.poll(() => watch.calls('GET', '/api/gateways/providers/constraints').length).toBe(1);
      expect(watch.calls('GET', '/api/psp')).toHaveLength(0);
      expect(watch.calls('GET', '/api/gateways')).toHaveLength(0);
      await saveWholeScreen(page, 'gateways-orgadmin-empty');
      // No editor on screen, so Monaco was not loaded.
      expect(watch.requests.some((r) => r.url().includes('MonacoJsonEditor'))).toBe(false);

      // Create through the modal: Paystack from the constraints list, pre-filled with the minimal template.
      await page.getByRole('button', { name: 'Create Gateway' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Gateway' });
      await dialog.getByLabel('Provider').selectOption('paystack');
      const field = await monacoIn(dialog);
      await expect(configCheck(field)).toContainText('Config is valid.');
      for (const label of ['Public Key', 'Secret Key', 'Webhook Secret']) {
        await expect(dialog.locator('label', { hasText: label }).locator('.field__required')).toHaveCount(1);
      }
      const name = `E2E Org Paystack ${tag}`;
      await dialog.getByLabel('Name').fill(name);
      // Required credentials are checked before anything is sent.
      await dialog.getByRole('button', { name: 'Create Gateway' }).click();
      await expect(dialog.getByText('Public Key is required by Paystack.')).toBeVisible();
      expect(watch.calls('POST', '/api/organisations/my-organisation/gateways')).toHaveLength(0);
      await dialog.getByLabel(/^Public Key/).fill('pk_test_org_1111');
      await dialog.getByLabel(/^Secret Key/).fill('sk_test_org_2222');
      await dialog.getByRole('button', { name: 'Generate webhook secret' }).click();
      await dialog.getByLabel('Priority').fill('3');
      const created = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/organisations/my-organisation/gateways',
      );
      await dialog.getByRole('button', { name: 'Create Gateway' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({ name, provider: 'paystack', priority: 3, hmacAlgo: 'sha512' });
      await expect(toast(page, 'success', 'Gateway created successfully!')).toBeVisible();
      const item = card(page, name);
      await expect(item).toBeVisible();
      await expect(item.getByText('Priority 3')).toBeVisible();
      await expect(page.getByText(globalName)).toHaveCount(0);

      // It lives in the organisation, not among the global gateways.
      const own = await apiGetJson<Gateway[]>(page.request, token, '/api/organisations/my-organisation/gateways');
      expect(own.map((g) => g.name)).toEqual([name]);
      expect(own[0]?.orgId).toBe(organisation.id);
      const global = await apiGetJson<Gateway[]>(page.request, superToken, '/api/gateways');
      expect(global.some((g) => g.name === name)).toBe(false);

      // Save goes to the organisation endpoint too.
      await monacoIn(item);
      await item.getByLabel('Priority').fill('1');
      const saved = page.waitForRequest(
        (r) => r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/organisations/my-organisation/gateways/${own[0]?.id}`,
      );
      await item.getByRole('button', { name: /^Save/ }).click();
      expect((await saved).postDataJSON()).toMatchObject({ priority: 1, publicKey: '••••1111', secretKey: '••••2222' });
      await expect(toast(page, 'success', 'Gateway saved')).toBeVisible();
      await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
      await saveWholeScreen(page, 'gateways-orgadmin-card');
      await expectNoSeriousA11yViolations(page, `${GATEWAYS_PATH} as orgadmin (card)`);

      await item.getByRole('button', { name: `Delete Gateway ${name}` }).click();
      await page.getByRole('dialog', { name: 'Delete gateway' }).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'success', 'Gateway deleted')).toBeVisible();
      await expect(page.getByText('No gateways configured yet.')).toBeVisible();
      watch.expectSafe();
    } finally {
      await page.request.delete(`/api/gateways/${globalGateway.id}`, { headers: { authorization: `Bearer ${superToken}` } });
    }
  });
});
