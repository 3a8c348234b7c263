import { superadminOnlyHeading } from '../../lib/screen-heading.ts';
import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { deleteOrganisation, listOrganisations } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import SuperadminScreen from '../shell/SuperadminScreen.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import Pager from '../ui/Pager.tsx';
import RowActions from '../ui/RowActions.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import SearchToolbar from '../ui/SearchToolbar.tsx';
import { useDebouncedValue } from '../ui/useDebouncedValue.ts';
import { usePagedList } from '../ui/usePagedList.ts';
import Modal from '../ui/Modal.tsx';
import ApiTokenCell from './ApiTokenCell.tsx';
import ApiTokensPanel from './ApiTokensPanel.tsx';
import CreateOrganisationModal from './CreateOrganisationModal.tsx';
import EditOrganisationModal from './EditOrganisationModal.tsx';

type Editor = { mode: 'create' } | { mode: 'edit'; organisation: Organisation };

/** The organisations screen's heading; the page's HTML shows it first (ScreenHeading.astro). */
export const ORGANISATIONS_HEADING = superadminOnlyHeading(
  'Organisations',
  'Merchants on the platform: their country, currencies, API token and invoice details.',
);

function OrganisationList() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const list = usePagedList<Organisation>({
    fetchPage: (paging) => listOrganisations({ ...paging, search }),
    filterKey: search,
    loadingMessage: 'Loading organisations...',
    errorMessage: 'Failed to load organisations',
  });
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toDelete, setToDelete] = useState<Organisation | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [tokensOf, setTokensOf] = useState<Organisation | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteOrganisation(toDelete.id);
      showToast(successToast('Organisation deleted successfully!'));
      list.reload();
    } catch (error) {
      showToast(failureToast(error, 'Failed to delete organisation.'));
    } finally {
      setToDelete(null);
      setDeleting(false);
    }
  };

  const columns: Column<Organisation>[] = [
    {
      key: 'name',
      card: 'title',
      header: 'Name',
      render: (row) => (
        <div className="cell-stack">
          <span className="cell-strong">{row.name}</span>
          <span className="cell-muted">{row.email}</span>
        </div>
      ),
    },
    { key: 'code', header: 'Code', render: (row) => <span className="code-tag">{row.code}</span> },
    {
      key: 'country',
      header: 'Country',
      render: (row) => (row.country ? <span>{row.country}</span> : <span className="cell-muted">—</span>),
    },
    {
      key: 'apiToken',
      header: 'API Token',
      render: (row) => (
        <div className="cell-stack api-token-column">
          <ApiTokenCell token={row.apiToken} organisation={row.name} />
          <button type="button" className="btn btn--sm" onClick={() => setTokensOf(row)}>
            Roll or list<span className="visually-hidden"> API tokens of {row.name}</span>
          </button>
        </div>
      ),
    },
    {
      key: 'actions',
      card: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <RowActions name={row.name} onEdit={() => setEditor({ mode: 'edit', organisation: row })} onDelete={() => setToDelete(row)} />
      ),
    },
  ];

  const filtered = search !== '';
  return (
    <section className="screen">
      <ScreenHeader
        {...ORGANISATIONS_HEADING.superadmin}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setEditor({ mode: 'create' })}>
            <PlusIcon />
            Create Organisation
          </button>
        }
      />
      <SearchToolbar
        label="Search organisations"
        placeholder="Search by name, code or email"
        value={searchText}
        onChange={setSearchText}
        count={{ loaded: list.loaded, total: list.total, noun: 'organisation', filtered }}
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            caption="Organisations"
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row.id}
            emptyTitle={filtered ? 'No organisations match your search.' : 'No organisations yet.'}
            emptyDescription={filtered ? 'Try another name, code or email.' : 'Create the first organisation to start taking payments.'}
          />
          <Pager
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            onChange={list.setPaging}
            sizeLabel="Organisations per page"
          />
        </div>
      ) : null}
      {editor?.mode === 'create' ? (
        <CreateOrganisationModal
          onClose={() => setEditor(null)}
          onCreated={() => {
            setEditor(null);
            list.reload();
          }}
        />
      ) : null}
      {editor?.mode === 'edit' ? (
        <EditOrganisationModal
          organisation={editor.organisation}
          onClose={() => setEditor(null)}
          onSaved={(saved) => {
            setEditor(null);
            list.replaceRow((row) => row.id === saved.id, saved);
            list.reload(); // the name may have moved it in the list
          }}
        />
      ) : null}
      <Modal
        open={tokensOf !== null}
        title={tokensOf ? `API tokens of ${tokensOf.name}` : 'API tokens'}
        size="lg"
        onClose={() => {
          setTokensOf(null);
          list.reload(); // a roll changed the token the table shows
        }}
      >
        {tokensOf ? <ApiTokensPanel organisationId={tokensOf.id} /> : null}
      </Modal>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete organisation"
        message={toDelete ? `Are you sure you want to delete the organisation ${toDelete.name}? This cannot be undone.` : ''}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** Organisations (superadmin): paged, searchable table with create, edit, delete and each one's API tokens. */
export default function Organisations() {
  return <SuperadminScreen title={ORGANISATIONS_HEADING.orgadmin.title}>{() => <OrganisationList />}</SuperadminScreen>;
}
