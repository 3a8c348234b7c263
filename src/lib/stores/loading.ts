import { atom } from 'nanostores';

export interface LoadingState {
  /** Operations in progress; the overlay shows while this is above 0. */
  count: number;
  /** Message of the most recently started operation. */
  message: string;
}

export const DEFAULT_LOADING_MESSAGE = 'Loading...';

/** The full-screen loading overlay, counted so overlapping operations keep it up until the last ends. */
export const $loading = atom<LoadingState>({ count: 0, message: '' });

/** Raises the overlay (or keeps it up) showing `message`. */
export function startLoading(message: string = DEFAULT_LOADING_MESSAGE): void {
  $loading.set({ count: $loading.get().count + 1, message });
}

/** Ends one operation; the overlay goes when none are left. Extra stops are ignored. */
export function stopLoading(): void {
  const count = Math.max(0, $loading.get().count - 1);
  $loading.set({ count, message: count === 0 ? '' : $loading.get().message });
}

/** Runs `task` with the overlay up, lowering it however the task ends. */
export async function withLoading<T>(message: string, task: () => Promise<T>): Promise<T> {
  startLoading(message);
  try {
    return await task();
  } finally {
    stopLoading();
  }
}
