// The audit trail in the console (docs/audit.md): an orgadmin marks a payment as paid on the Payments screen, then
// finds the entry — action, who, the payment — in System Logs → Audit, and on the payment's detail page.
import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN, type Account } from './support/constants.ts';
import { expectNoSeriousA11yViolations, saveScreen } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, signIn, uniqueTag } from './support/users-api.ts';

let orgadmin: Account;
let reference: string;

test.beforeAll(async ({ request }) => {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  const organisation = await apiCreateOrganisation(request, superToken, `Audit Spec ${tag}`, `AU${tag.toUpperCase()}`.slice(0, 20));
  orgadmin = { email: `audit.${tag}@payrail.test`, password: 'E2e-Audit-Pass1', name: 'Audit Admin' };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  const token = await apiToken(request, orgadmin);
  const created = await request.post('/api/payments', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: '25.00', customerName: 'Audit Customer', customerEmail: `customer.${tag}@example.test`, description: 'Audited order' },
  });
  expect(created.ok()).toBe(true);
  reference = ((await created.json()) as { id: string }).id;
});

async function saveInBothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await saveScreen(page, `${name}-${colorScheme}`);
  }
}

test('Mark as paid is recorded, and shown in System Logs → Audit and on the payment page', async ({ page }) => {
  await signIn(page, orgadmin, '/dashboard/payments');
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: /^Mark as paid/ }).click();
  await page.getByRole('dialog', { name: 'Mark as paid' }).getByRole('button', { name: 'Mark as paid' }).click();
  await expect(row.getByText('Success', { exact: true })).toBeVisible();

  await page.goto('/dashboard/system-logs');
  const audit = page.getByRole('region', { name: 'Audit' });
  const entry = audit.getByRole('table', { name: 'Audit entries' }).getByRole('row').filter({ hasText: 'payment.mark-paid' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(reference);
  await expect(entry).toContainText(`Audit Admin <${orgadmin.email}>`);
  await expect(entry).toContainText('status: Pending → Success');

  // The Action filter narrows the list to the payment actions.
  await audit.getByLabel('Action').fill('payment.mark');
  await audit.getByRole('button', { name: 'Apply' }).click();
  await expect(audit.getByRole('table', { name: 'Audit entries' }).getByRole('row')).toHaveCount(2);
  await saveInBothThemes(page, 'audit-system-logs-1366');
  await page.setViewportSize({ width: 360, height: 800 });
  await saveInBothThemes(page, 'audit-system-logs-360');
  await page.setViewportSize({ width: 1366, height: 800 });
  await expectNoSeriousA11yViolations(page);

  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/dashboard/payments/${reference}`);
    const panel = page.getByRole('region', { name: 'Audit' });
    await expect(panel).toContainText('payment.create');
    await expect(panel).toContainText('payment.mark-paid');
    await saveInBothThemes(page, `audit-payment-${width}`);
  }
});
