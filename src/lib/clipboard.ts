// Copying text for the user, with a fallback for browsers without the async Clipboard API.

/** How long a "Copied" indicator stays before it resets (docs/console.md#constants: 1.2 seconds). */
export const COPIED_RESET_MS = 1200;

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  // execCommand is deprecated, but it is the only way to copy on a page served over plain http (not a secure
  // context: no navigator.clipboard), e.g. the console opened at a LAN address.
  const legacyDocument: { execCommand(commandId: 'copy'): boolean } = document;
  try {
    if (!legacyDocument.execCommand('copy')) throw new Error('Copy was refused.');
  } finally {
    area.remove();
  }
}

/** Puts `text` on the clipboard; rejects when the browser refuses. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  copyWithSelection(text);
}
