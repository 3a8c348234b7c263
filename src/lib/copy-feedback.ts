// Every Copy button of the console (code blocks, URLs, secrets, API tokens): copy, then say so.
import { copyText } from './clipboard.ts';
import { showToast } from './stores/toasts.ts';

export { COPIED_RESET_MS } from './clipboard.ts';

export const COPIED_TO_CLIPBOARD = 'Copied to clipboard';
export const COPY_REFUSED = 'Could not copy to the clipboard.';

/** Copies `text` and shows 'Copied to clipboard' (docs/console.md#messages); an error toast when the browser refuses. Resolves true on success. */
export async function copyWithToast(text: string, failureMessage = COPY_REFUSED): Promise<boolean> {
  try {
    await copyText(text);
    showToast({ type: 'success', message: COPIED_TO_CLIPBOARD });
    return true;
  } catch {
    showToast({ type: 'error', message: failureMessage });
    return false;
  }
}
