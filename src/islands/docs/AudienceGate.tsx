import type { ReactNode } from 'react';
import { isSuperadmin } from '../../lib/roles.ts';
import { useSession } from '../shell/useSession.ts';

export interface AudienceGateProps {
  /** 'superadmin': platform superadmins only; 'limited': everyone else. */
  audience: 'superadmin' | 'limited';
  /** Shown to the other roles instead (nothing when absent). */
  fallback?: string;
  /** Static docs content (an Astro slot). */
  children?: ReactNode;
}

/** Shows its static content only to the role it is for, once the session is known (spec §2: superadmins get more). */
export default function AudienceGate({ audience, fallback, children }: AudienceGateProps) {
  const { status, user } = useSession();
  if (status !== 'authenticated' || !user) return null;
  const superadmin = isSuperadmin(user.role);
  if (audience === 'superadmin' ? superadmin : !superadmin) return <>{children}</>;
  return fallback ? <p className="docs-restricted">{fallback}</p> : null;
}
