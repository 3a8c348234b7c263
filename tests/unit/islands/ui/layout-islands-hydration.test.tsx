// @vitest-environment happy-dom
// The console layout's own islands (overlay, toasts) hydrate after the screen's island has already raised the overlay
// or shown a toast: their first client render must still match the static HTML (React error #418 otherwise).
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import LoadingOverlay from '../../../../src/islands/ui/LoadingOverlay.tsx';
import Toasts from '../../../../src/islands/ui/Toasts.tsx';
import { $loading, startLoading } from '../../../../src/lib/stores/loading.ts';
import { clearToasts, showToast } from '../../../../src/lib/stores/toasts.ts';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  $loading.set({ count: 0, message: '' });
  clearToasts();
});

/** Hydrates `Island`'s server HTML after `changeStore` ran, and returns the hydration errors and the island's element. */
async function hydrateAfter(Island: ComponentType, changeStore: () => void): Promise<{ errors: unknown[]; container: HTMLElement }> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Island />);
  document.body.append(container);
  changeStore();
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <Island />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { errors, container };
}

test('the overlay raised before it hydrates: no mismatch, and it shows once hydrated', async () => {
  const { errors, container } = await hydrateAfter(LoadingOverlay, () => startLoading('Loading gateways...'));
  expect(errors).toEqual([]);
  expect(container.querySelector('.loading-overlay')?.textContent).toContain('Loading gateways...');
});

test('a toast shown before the region hydrates: no mismatch, and it shows once hydrated', async () => {
  const { errors, container } = await hydrateAfter(Toasts, () => showToast({ type: 'error', message: 'Failed to load providers' }));
  expect(errors).toEqual([]);
  expect(container.querySelector('.toast--error')?.textContent).toContain('Failed to load providers');
});
