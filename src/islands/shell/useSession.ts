import { useStore } from '@nanostores/react';
import { $session, type SessionState } from '../../lib/stores/session.ts';

/** The session store for islands; hydrates with the initial 'loading' value so it matches the static HTML. */
export function useSession(): SessionState {
  return useStore($session, { ssr: 'initial' });
}
