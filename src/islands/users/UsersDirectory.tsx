import { headingFor, ORGANISATION_PLACEHOLDER, type ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import type { User } from '../../lib/api/types.ts';
import { deleteUser, listAllUsers, listOrganisationUsers } from '../../lib/api/users.ts';
import { roleLabel } from '../../lib/roles.ts';
import { setSessionUser } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  DELETE_FAILED,
  DELETED,
  NO_ORGANISATION_USERS,
  NO_SYSTEM_USERS,
  USERS_LOAD_FAILED,
  deleteUserQuestion,
  displayName,
  organisationLabel,
} from '../../lib/user-forms.ts';
import Avatar from '../ui/Avatar.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import Pager from '../ui/Pager.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import SearchToolbar from '../ui/SearchToolbar.tsx';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { usePagedList } from '../ui/usePagedList.ts';
import CreateUserModal from './CreateUserModal.tsx';
import EditUserModal from './EditUserModal.tsx';

export type UsersScope = 'organisation' | 'system';

export interface UsersDirectoryProps {
  /** 'system': All System Users (superadmin); 'organisation': the caller's organisation. */
  scope: UsersScope;
  /** The signed-in user (their own row cannot be deleted, and editing it refreshes the header). */
  currentUser: User;
}

const SEARCH_DELAY_MS = 300;

/** The users screen's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const USERS_HEADING = {
  superadmin: { title: 'All System Users', description: 'Everyone who can sign in to Payrail, across every organisation.' },
  orgadmin: { title: 'Organisation Users', description: `Everyone who can sign in for ${ORGANISATION_PLACEHOLDER}.` },
} satisfies ScreenHeadingText;

const SCREENS = {
  organisation: {
    addLabel: 'Add User',
    caption: 'Users of your organisation',
    empty: NO_ORGANISATION_USERS,
    nameHeader: 'Name',
    list: listOrganisationUsers,
  },
  system: {
    addLabel: 'Create User',
    caption: 'All users of the platform',
    empty: NO_SYSTEM_USERS,
    nameHeader: 'User Name',
    list: listAllUsers,
  },
} as const;

/** A paged, searchable table of users with Add/Create, Edit and Delete (docs/console.md#screens Users). */
export default function UsersDirectory({ scope, currentUser }: UsersDirectoryProps) {
  const screen = SCREENS[scope];
  const superadminScreen = scope === 'system';
  const [search, setSearch] = useState('');
  const filter = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const list = usePagedList<User>({
    fetchPage: (paging) => screen.list({ ...paging, query: filter || undefined }),
    filterKey: filter,
    loadingMessage: 'Loading users...',
    errorMessage: USERS_LOAD_FAILED,
  });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await deleteUser(deleting.id);
      showToast({ type: 'success', message: DELETED });
      list.reload();
    } catch (error) {
      showToast({ type: 'error', message: messageOr(error, DELETE_FAILED) });
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  const columns: Column<User>[] = [
    {
      key: 'name',
      card: 'title',
      header: screen.nameHeader,
      render: (user) => (
        <span className="user-cell">
          <Avatar src={user.avatar} email={user.email} size="sm" />
          <span className="user-cell__name">{displayName(user)}</span>
          {user.id === currentUser.id ? <span className="badge">You</span> : null}
        </span>
      ),
    },
    { key: 'email', header: 'Email', render: (user) => <span className="cell-muted">{user.email}</span> },
    ...(superadminScreen
      ? [
          {
            key: 'organisation',
            header: 'Organisation',
            render: (user: User) => <span className={user.organisation ? undefined : 'cell-muted'}>{organisationLabel(user)}</span>,
          },
        ]
      : []),
    {
      key: 'role',
      header: 'Role',
      render: (user) => <span className={user.role === 'superadmin' ? 'badge badge--accent' : 'badge'}>{roleLabel(user.role)}</span>,
    },
    {
      key: 'actions',
      card: 'actions',
      header: 'Actions',
      align: 'right',
      render: (user) => (
        <div className="row-actions">
          <button type="button" className="btn btn--sm" onClick={() => setEditing(user)}>
            Edit<span className="visually-hidden"> {displayName(user)}</span>
          </button>
          {user.id === currentUser.id ? null : (
            <button type="button" className="btn btn--sm btn--danger-ghost" onClick={() => setDeleting(user)}>
              Delete<span className="visually-hidden"> {displayName(user)}</span>
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="screen users-screen">
      <ScreenHeader
        {...headingFor(USERS_HEADING, currentUser)}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            <PlusIcon />
            {screen.addLabel}
          </button>
        }
      />
      <SearchToolbar
        label="Search users"
        placeholder="Search by name or email"
        value={search}
        onChange={setSearch}
        count={{ loaded: list.loaded, total: list.total, noun: 'user', filtered: Boolean(filter) }}
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            columns={columns}
            rows={list.rows}
            rowKey={(user) => user.id}
            caption={screen.caption}
            emptyTitle={screen.empty}
            emptyDescription={filter ? `Nothing matches “${filter}”. Try another name or email.` : undefined}
          />
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Users per page" />
        </div>
      ) : null}
      {creating ? (
        <CreateUserModal
          title={screen.addLabel}
          withOrganisation={superadminScreen}
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            list.reload();
          }}
        />
      ) : null}
      {editing ? (
        <EditUserModal
          user={editing}
          superadminScreen={superadminScreen}
          isSelf={editing.id === currentUser.id}
          onClose={() => setEditing(null)}
          onSaved={(updated) => {
            if (updated.id === currentUser.id) setSessionUser(updated);
            list.replaceRow((row) => row.id === updated.id, updated);
          }}
          onDone={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message={deleting ? deleteUserQuestion(deleting, superadminScreen) : ''}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
