import { isSuperadmin } from '../../lib/roles.ts';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import RequireSession from './RequireSession.tsx';

export interface BasicScreenProps {
  title: string;
  /** Heading for organisation admins when it differs (e.g. 'Organisation Banks'). */
  orgTitle?: string;
}

/** Screen island that shows only the screen's heading; the route's own island takes its place as it is built. */
export default function BasicScreen({ title, orgTitle }: BasicScreenProps) {
  return (
    <RequireSession>
      {(user) => (
        <section className="screen">
          <ScreenHeader title={isSuperadmin(user.role) ? title : (orgTitle ?? title)} />
        </section>
      )}
    </RequireSession>
  );
}
