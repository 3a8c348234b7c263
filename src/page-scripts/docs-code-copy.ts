// The Copy button of every static code block in the Integration Docs: copies the block's text, shows
// 'Copied to clipboard' and reads 'Copied' for 1.2 s (docs/console.md#messages, #constants). One listener for the whole page.
import { COPIED_RESET_MS, copyWithToast } from '../lib/copy-feedback.ts';

const LABEL = 'Copy';
const DONE = 'Copied';
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/** The text a copy button stands for: its code block's code, without the button's own label. */
function codeOf(button: HTMLElement): string | undefined {
  const code = button.closest('.code-block')?.querySelector('pre');
  return code?.textContent ?? undefined;
}

async function onCopy(button: HTMLButtonElement): Promise<void> {
  const text = codeOf(button);
  if (text === undefined) return;
  if (!(await copyWithToast(text.replace(/\n$/, '')))) return;
  button.textContent = DONE;
  button.dataset['copied'] = 'true';
  clearTimeout(timers.get(button));
  timers.set(
    button,
    setTimeout(() => {
      button.textContent = LABEL;
      delete button.dataset['copied'];
    }, COPIED_RESET_MS),
  );
}

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy-code]') : null;
  if (target) void onCopy(target);
}

/** Makes every Copy button of the page work; returns the function that stops it. */
export function installCodeCopy(): () => void {
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
