// Signs in once per role through the UI and keeps the browser storage (the authToken in
// localStorage) for specs that only need "a signed-in superadmin/orgadmin".
import { expect, test as setup } from '@playwright/test';
import { ORGADMIN, SUPERADMIN } from './support/constants.ts';
import { STORAGE_STATE, TOKEN_KEY, loginThroughUi, readToken } from './support/console.ts';

for (const [role, account] of [
  ['superadmin', SUPERADMIN],
  ['orgadmin', ORGADMIN],
] as const) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await loginThroughUi(page, account);
    expect(await readToken(page), `${TOKEN_KEY} after signing in`).toBeTruthy();
    await page.context().storageState({ path: STORAGE_STATE[role] });
  });
}
