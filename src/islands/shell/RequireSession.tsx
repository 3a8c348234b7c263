import { useLayoutEffect, type ReactNode } from 'react';
import { EARLY_HEADING_ATTRIBUTE } from '../../lib/screen-heading.ts';
import type { User } from '../../lib/api/types.ts';
import { useSession } from './useSession.ts';

export interface RequireSessionProps {
  /** The screen; a function receives the signed-in user. */
  children: ReactNode | ((user: User) => ReactNode);
}

/**
 * Renders a screen island only once the session is known to be signed in (nothing before: no flash). As it does, it
 * removes the page's own copy of the screen's heading (ScreenHeading.astro) before the browser paints.
 */
export default function RequireSession({ children }: RequireSessionProps) {
  const { status, user } = useSession();
  const signedIn = status === 'authenticated' && Boolean(user);
  useLayoutEffect(() => {
    if (signedIn) document.querySelector(`[${EARLY_HEADING_ATTRIBUTE}]`)?.remove();
  }, [signedIn]);
  if (!signedIn || !user) return null;
  return <>{typeof children === 'function' ? children(user) : children}</>;
}
