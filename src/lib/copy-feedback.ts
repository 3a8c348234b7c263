// Copy buttons of the Integration Docs (static code blocks and islands alike): copy, then say so.
import { copyText } from './clipboard.ts';
import { showToast } from './stores/toasts.ts';

export { COPIED_RESET_MS } from './clipboard.ts';

/** Copies `text` and shows 'Copied to clipboard' (spec §8); an error toast when the browser refuses. Resolves true on success. */
export async function copyWithToast(text: string): Promise<boolean> {
  try {
    await copyText(text);
    showToast({ type: 'success', message: 'Copied to clipboard' });
    return true;
  } catch {
    showToast({ type: 'error', message: 'Could not copy to the clipboard' });
    return false;
  }
}
