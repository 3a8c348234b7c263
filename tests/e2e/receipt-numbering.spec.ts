// docs/console.md#screens Settings › Receipt Numbering (non-superadmins only), #entities receipt batch, #states activate and delete,
// docs/console.md#validation form rules and the delete confirmation, #messages toasts. Each test signs in as an orgadmin of an
// organisation it creates, so the batches here never touch the demo organisation or other specs.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SUPERADMIN } from './support/constants.ts';
import { expectNoSeriousA11yViolations, screenHeading, toast } from './support/console.ts';
import { apiCreateOrganisation, apiCreateUser, apiGetJson, apiToken, saveWholeScreen, signIn, uniqueTag } from './support/users-api.ts';

interface Batch {
  id: number;
  prefix: string;
  startNumber: number;
  endNumber: number | null;
  nextNumber: number;
  isActive: boolean;
}

/** A fresh organisation with its own orgadmin, signed in on `page` and showing /dashboard/settings. */
async function openAsNewOrgadmin(page: Page): Promise<{ token: string; tag: string }> {
  const tag = uniqueTag();
  const admin = await apiToken(page.request, SUPERADMIN);
  const organisation = await apiCreateOrganisation(page.request, admin, `Receipts Org ${tag}`, `RCP-${tag.toUpperCase()}`);
  const account = { name: `Receipts Admin ${tag}`, email: `receipts.${tag}@payrail.test`, password: 'Receipts-Pass-1' };
  await apiCreateUser(page.request, admin, { ...account, orgId: organisation.id });
  const token = await signIn(page, account, '/dashboard/settings');
  await expect(screenHeading(page)).toHaveText('Settings');
  return { token, tag };
}

function numbering(page: Page): Locator {
  return page.getByRole('region', { name: 'Receipt Numbering' });
}

function row(section: Locator, prefix: string): Locator {
  return section.getByRole('row').filter({ has: section.page().getByRole('cell', { name: prefix, exact: true }) });
}

async function createBatch(section: Locator, prefix: string, end = ''): Promise<void> {
  await section.getByLabel(/^Prefix/).fill(prefix);
  if (end) await section.getByLabel(/^End number/).fill(end);
  await section.getByRole('button', { name: 'Create Batch' }).click();
  await expect(toast(section.page(), 'success', 'New receipt batch created.').last()).toBeVisible();
  await expect(row(section, prefix)).toBeVisible();
}

test('batches: create, activate one at a time, delete after confirming', async ({ page }) => {
  const { token } = await openAsNewOrgadmin(page);
  const section = numbering(page);
  await expect(section.getByText('No receipt batches yet.')).toBeVisible();
  await expect(section.getByLabel(/^Start number/)).toHaveValue('1');
  await expect(section.getByLabel(/^End number/)).toHaveValue('');

  // The prefix is required before anything is sent.
  await section.getByRole('button', { name: 'Create Batch' }).click();
  await expect(section.getByText('Prefix is required.')).toBeVisible();
  await expect(section.getByLabel(/^Prefix/)).toBeFocused();

  // Default start 1, no end: shown as ∞.
  await createBatch(section, 'INV');
  await expect(row(section, 'INV').getByRole('cell')).toHaveText(['INV', '1', '∞', '1', 'Inactive', /Activate.*Delete/]);
  await expect(section.getByLabel(/^Prefix/)).toHaveValue('');

  // A second batch with an end.
  await section.getByLabel(/^Start number/).fill('500');
  await createBatch(section, 'RC', '999');
  await expect(row(section, 'RC').getByRole('cell')).toHaveText(['RC', '500', '999', '500', 'Inactive', /Activate.*Delete/]);

  // An overlapping range of the same prefix is refused with the server's message.
  await section.getByLabel(/^Prefix/).fill('INV');
  await section.getByRole('button', { name: 'Create Batch' }).click();
  await expect(
    toast(page, 'error', 'Another INV batch already covers part of this range; receipt numbers must stay unique.'),
  ).toBeVisible();

  // Activating one makes it the only active batch.
  await row(section, 'INV')
    .getByRole('button', { name: /^Activate/ })
    .click();
  await expect(toast(page, 'success', 'Batch activated successfully.')).toBeVisible();
  await expect(row(section, 'INV').getByText('Active', { exact: true })).toBeVisible();
  await expect(row(section, 'INV').getByRole('button', { name: /^Activate/ })).toHaveCount(0);
  await row(section, 'RC')
    .getByRole('button', { name: /^Activate/ })
    .click();
  await expect(section.getByText('Active', { exact: true })).toHaveCount(1);
  await expect(row(section, 'RC').getByText('Active', { exact: true })).toBeVisible();
  await expect(row(section, 'INV').getByText('Inactive', { exact: true })).toBeVisible();
  const afterActivate = await apiGetJson<Batch[]>(page.request, token, '/api/receipt-batches');
  expect(afterActivate.filter((batch) => batch.isActive).map((batch) => batch.prefix)).toEqual(['RC']);

  // Clear the form and the toasts so the screenshots show the section itself.
  await section.getByLabel(/^Prefix/).fill('');
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await saveWholeScreen(page, 'receipt-numbering-page');
  await section.screenshot({ path: 'test-results/screens/receipt-numbering.png' });
  await expectNoSeriousA11yViolations(page, '/dashboard/settings (receipt numbering)');

  // Delete asks first; Cancel keeps the batch.
  await row(section, 'INV')
    .getByRole('button', { name: /^Delete/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this batch? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(section, 'INV')).toBeVisible();

  await row(section, 'INV')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(dialog).toContainText('Are you sure you want to delete this batch? This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Batch deleted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(section, 'INV')).toHaveCount(0);

  // The active batch may be deleted too, and what is left survives a reload.
  await page.reload();
  await expect(row(numbering(page), 'RC').getByText('Active', { exact: true })).toBeVisible();
  await expect(row(numbering(page), 'INV')).toHaveCount(0);
  const left = await apiGetJson<Batch[]>(page.request, token, '/api/receipt-batches');
  expect(left.map((batch) => batch.prefix)).toEqual(['RC']);
});

test('a superadmin does not see Receipt Numbering', async ({ page }) => {
  await signIn(page, SUPERADMIN, '/dashboard/settings');
  await expect(screenHeading(page)).toHaveText('Settings');
  await expect(page.getByRole('region', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'General & Receipt Settings' })).toBeVisible();
  await expect(numbering(page)).toHaveCount(0);
});
