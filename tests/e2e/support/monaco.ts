// The JSON config editor (Monaco) as a person uses it: wait for it, type into it, read its findings.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The JSON config editor inside `scope` once Monaco has replaced the textarea fallback. Monaco loads when a person
 * means to edit, so this first focuses the field, as clicking into it would.
 */
export async function monacoIn(scope: Locator): Promise<Locator> {
  const fallback = scope.locator('.json-editor[data-editor="textarea"] textarea');
  if ((await fallback.count()) > 0) await fallback.first().focus();
  const field = scope.locator('.json-editor[data-editor="monaco"]');
  await expect(field).toBeVisible();
  const editor = field.locator('.monaco-editor');
  await expect(editor).toBeVisible();
  return field;
}

/**
 * Replaces the editor's text through the keyboard: select all, delete, type the text, drop what Monaco's
 * auto-closing added after the cursor, and format the document (Shift+Alt+F) as a person would.
 */
export async function typeIntoMonaco(page: Page, field: Locator, text: string): Promise<void> {
  await field.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text.replace(/\n\s*/g, ' '));
  await page.keyboard.press('Shift+ControlOrMeta+End');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Shift+Alt+F');
}

/** The plain-text list of the validator's findings under an editor (named after the field: 'Config check'). */
export function configCheck(field: Locator): Locator {
  return field.getByRole('status', { name: / check$/ });
}
