import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { deleteCountry, listCountries, updateCountry } from '../../lib/api/countries.ts';
import type { Country } from '../../lib/api/types.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import SuperadminScreen from '../shell/SuperadminScreen.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import Pager from '../ui/Pager.tsx';
import RowActions from '../ui/RowActions.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import Switch from '../ui/Switch.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { usePagedList } from '../ui/usePagedList.ts';
import CountryFormModal from './CountryFormModal.tsx';

type Editor = { mode: 'create' } | { mode: 'edit'; country: Country };

function Countries() {
  const list = usePagedList<Country>({
    fetchPage: (paging) => listCountries(paging),
    loadingMessage: 'Loading countries...',
    errorMessage: 'Could not load countries.',
  });
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toDelete, setToDelete] = useState<Country | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (country: Country, enabled: boolean) => {
    setToggling((was) => new Set(was).add(country.id));
    try {
      const saved = await updateCountry(country.id, { enabled });
      list.replaceRow((row) => row.id === saved.id, saved);
      showToast(successToast('Country updated successfully!'));
    } catch (error) {
      showToast(failureToast(error, 'Failed to update country.'));
    } finally {
      setToggling((was) => {
        const next = new Set(was);
        next.delete(country.id);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCountry(toDelete.id);
      showToast(successToast('Country deleted successfully!'));
      setToDelete(null);
      list.reload();
    } catch (error) {
      showToast(failureToast(error, 'Failed to delete country.'));
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<Country>[] = [
    { key: 'name', header: 'Name', render: (row) => <span className="cell-strong">{row.name}</span> },
    { key: 'code', header: 'Code', render: (row) => <span className="code-tag">{row.code}</span> },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (row) => (
        <Switch
          checked={row.enabled}
          label={`${row.name} enabled`}
          busy={toggling.has(row.id)}
          onChange={(enabled) => void toggle(row, enabled)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <RowActions name={row.name} onEdit={() => setEditor({ mode: 'edit', country: row })} onDelete={() => setToDelete(row)} />
      ),
    },
  ];

  return (
    <section className="screen">
      <ScreenHeader
        title="Country Management"
        description="Countries organisations can be registered in. Disabled ones cannot be chosen for new organisations."
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setEditor({ mode: 'create' })}>
            <PlusIcon />
            Create Country
          </button>
        }
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            caption="Countries"
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row.id}
            emptyTitle="No countries yet."
            emptyDescription="Create the first country organisations can be registered in."
          />
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Countries per page" />
        </div>
      ) : null}
      {editor ? (
        <CountryFormModal
          country={editor.mode === 'edit' ? editor.country : undefined}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete country"
        message={toDelete ? `Are you sure you want to delete the country ${toDelete.name} (${toDelete.code})? This cannot be undone.` : ''}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** Country Management (superadmin): the paged table of countries with create, edit, toggle and delete. */
export default function CountryManagement() {
  return <SuperadminScreen title="Country Management">{() => <Countries />}</SuperadminScreen>;
}
