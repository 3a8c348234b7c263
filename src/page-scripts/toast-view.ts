import { showFlashToast } from '../lib/stores/flash.ts';
import { $toasts, dismissToast, type Toast } from '../lib/stores/toasts.ts';

// Vanilla twin of islands/ui/Toasts.tsx for the public pages, which must ship no React.
// Both render the same markup so they share the styles in global.css.

function renderToast(toast: Toast): HTMLElement {
  const item = document.createElement('div');
  item.className = `toast toast--${toast.type}`;
  item.dataset['type'] = toast.type;
  const body = document.createElement('div');
  body.className = 'toast__body';
  if (toast.title) {
    const title = document.createElement('p');
    title.className = 'toast__title';
    title.textContent = toast.title;
    body.append(title);
  }
  const message = document.createElement('p');
  message.className = 'toast__message';
  message.textContent = toast.message;
  body.append(message);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast__close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  item.append(body, close);
  return item;
}

/** Renders the toasts store into `region` (a live region in the page) and shows any parked flash toast. */
export function mountToastView(region: HTMLElement): () => void {
  const unsubscribe = $toasts.subscribe((toasts) => {
    region.replaceChildren(...toasts.map(renderToast));
  });
  showFlashToast();
  return unsubscribe;
}
