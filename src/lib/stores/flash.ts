import { showToast, type ToastInput } from './toasts.ts';

const FLASH_KEY = 'payrail.flashToast';

// A toast raised just before a full page navigation would die with the page, so it is parked in
// sessionStorage and shown by the next page's toast renderer.

/** Parks a toast to be shown on the next page this tab opens. */
export function queueFlashToast(toast: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    showToast(toast); // no storage: better shown briefly than never
  }
}

function isToastInput(value: unknown): value is ToastInput {
  if (value === null || typeof value !== 'object') return false;
  const { type, message } = value as Record<string, unknown>;
  return (type === 'success' || type === 'error' || type === 'info') && typeof message === 'string';
}

/** Shows (once) the toast parked by the previous page, if any; returns its id. */
export function showFlashToast(): number | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed: unknown = JSON.parse(raw);
    return isToastInput(parsed) ? showToast(parsed) : null;
  } catch {
    return null; // no storage, or a value this version cannot read: nothing to show
  }
}
