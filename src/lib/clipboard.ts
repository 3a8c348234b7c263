// Copying text for the user, with a fallback for browsers without the async Clipboard API.

/** How long a "Copied" indicator stays before it resets (spec §9: 1.2 seconds). */
export const COPIED_RESET_MS = 1200;

function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused.');
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
