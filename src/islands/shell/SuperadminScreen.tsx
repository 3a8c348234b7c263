import type { ReactNode } from 'react';
import type { User } from '../../lib/api/types.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import EmptyState from '../ui/EmptyState.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import RequireSession from './RequireSession.tsx';

export interface SuperadminScreenProps {
  title: string;
  /** The screen, rendered for superadmins only. */
  children: (user: User) => ReactNode;
}

/** A superadmin-only screen: other roles see its heading and a short explanation, and nothing is loaded. */
export default function SuperadminScreen({ title, children }: SuperadminScreenProps) {
  return (
    <RequireSession>
      {(user) =>
        isSuperadmin(user.role) ? (
          children(user)
        ) : (
          <section className="screen">
            <ScreenHeader title={title} />
            <div className="table-wrap">
              <EmptyState title="Superadmin access required" description="This screen is available to platform superadmins only." />
            </div>
          </section>
        )
      }
    </RequireSession>
  );
}
