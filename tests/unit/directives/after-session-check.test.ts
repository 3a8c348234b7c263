// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import afterSessionCheck from '../../../src/directives/after-session-check.ts';
import { SESSION_CHECK_KEY } from '../../../src/lib/session-check.ts';

const slot = window as unknown as Record<string, Promise<unknown> | undefined>;

afterEach(() => {
  delete slot[SESSION_CHECK_KEY];
});

/** Runs the directive on a fake island; resolves with its calls once the microtasks have run. */
function island() {
  const hydrate = vi.fn(() => Promise.resolve());
  const load = vi.fn(() => Promise.resolve(hydrate));
  afterSessionCheck(load, { name: 'Island', value: '' }, document.createElement('astro-island'));
  return { load, hydrate };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("an island loads only once the head's session check is on screen", async () => {
  let release!: () => void;
  slot[SESSION_CHECK_KEY] = new Promise<void>((resolve) => (release = resolve));
  const { load, hydrate } = island();
  await settle();
  expect(load).not.toHaveBeenCalled();
  release();
  await settle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(hydrate).toHaveBeenCalledTimes(1);
});

test('on a page without a session check (public pages) an island loads at once', async () => {
  const { load, hydrate } = island();
  await settle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(hydrate).toHaveBeenCalledTimes(1);
});
