import { useStore } from '@nanostores/react';
import { createContext, useContext } from 'react';
import { $session, type SessionState } from '../../lib/stores/session.ts';

/**
 * A session to render a screen with at build time, for the page's HTML (ScreenFirstFrame.astro); never set in the
 * browser, where the islands read the session store.
 */
export const PreviewSession = createContext<SessionState | null>(null);

/** The session store for islands; hydrates with the initial 'loading' value so it matches the static HTML. */
export function useSession(): SessionState {
  const preview = useContext(PreviewSession);
  const live = useStore($session, { ssr: 'initial' });
  return preview ?? live;
}
