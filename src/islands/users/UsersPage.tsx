import { isSuperadmin } from '../../lib/roles.ts';
import RequireSession from '../shell/RequireSession.tsx';
import UsersDirectory from './UsersDirectory.tsx';

/** /dashboard/users: All System Users for a superadmin, the organisation's users for anyone else (docs/console.md#screens). */
export default function UsersPage() {
  return (
    <RequireSession>
      {(user) => <UsersDirectory key={user.role} scope={isSuperadmin(user.role) ? 'system' : 'organisation'} currentUser={user} />}
    </RequireSession>
  );
}
