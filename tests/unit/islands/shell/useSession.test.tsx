// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import ProvidersScreen from '../../../../src/islands/providers/ProvidersScreen.tsx';
import { PreviewSession } from '../../../../src/islands/shell/useSession.ts';
import type { User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';

afterEach(() => $session.set({ status: 'loading', user: null }));

/** What ScreenFirstFrame.astro does at build time: the island rendered for a role, without the session store. */
function firstFrame(role: User['role']): string {
  const user: User = { id: 0, name: '', email: '', role, avatar: null, orgId: null, organisation: null };
  return renderToStaticMarkup(
    createElement(PreviewSession.Provider, { value: { status: 'authenticated', user } }, createElement(ProvidersScreen)),
  );
}

test("a preview session renders a screen's first frame for each role; the store's own value renders nothing", () => {
  expect(firstFrame('superadmin')).toContain('Add a payment service provider (PSP) that gateways can connect to.');
  const orgadmin = firstFrame('orgadmin');
  expect(orgadmin).toContain('Superadmin access required');
  expect(orgadmin).not.toContain('Add provider');
  // Without a preview the server render sees the store's initial 'loading' value, as the islands' hydration does.
  $session.set({
    status: 'authenticated',
    user: { id: 1, name: 'A', email: 'a@b.c', role: 'superadmin', avatar: null, orgId: null, organisation: null },
  });
  expect(renderToStaticMarkup(createElement(ProvidersScreen))).toBe('');
});
