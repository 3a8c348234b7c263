import { atom } from 'nanostores';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '../constants.ts';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastInput {
  type: ToastType;
  title?: string;
  message: string;
}

export interface Toast extends ToastInput {
  id: number;
}

/** Toasts currently on screen, oldest first. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** How long a toast of this type stays before dismissing itself. */
export function toastDuration(type: ToastType): number {
  return type === 'error' ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS;
}

/** Shows a toast that dismisses itself after 4 s (7 s for errors); returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { ...input, id }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toastDuration(input.type)),
  );
  return id;
}

/** Removes a toast now (close button or timer). */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const remaining = $toasts.get().filter((toast) => toast.id !== id);
  if (remaining.length !== $toasts.get().length) $toasts.set(remaining);
}

/** Removes every toast and cancels their timers. */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}
