import type { ReactNode } from 'react';
import type { User } from '../../lib/api/types.ts';
import { useSession } from './useSession.ts';

export interface RequireSessionProps {
  /** The screen; a function receives the signed-in user. */
  children: ReactNode | ((user: User) => ReactNode);
}

/** Renders a screen island only once the session is known to be signed in (nothing before: no flash). */
export default function RequireSession({ children }: RequireSessionProps) {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user) return null;
  return <>{typeof children === 'function' ? children(user) : children}</>;
}
