// Toasts for the outcome of a console action, free of any framework.
import { messageOr } from './api/errors.ts';
import type { ToastInput } from './stores/toasts.ts';

/**
 * The error toast for a failed action: the spec's text (e.g. 'Failed to create organisation.') as the
 * title and the server's own message under it when it sent one ('A country with this code already
 * exists.'); the spec's text alone otherwise.
 */
export function failureToast(error: unknown, fallback: string): ToastInput {
  const detail = messageOr(error, '').trim();
  return detail === '' || detail === fallback ? { type: 'error', message: fallback } : { type: 'error', title: fallback, message: detail };
}

/** The success toast for a finished action. */
export function successToast(message: string): ToastInput {
  return { type: 'success', message };
}
