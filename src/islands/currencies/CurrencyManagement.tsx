import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { deleteCurrency, listCurrencies, updateCurrency } from '../../lib/api/currencies.ts';
import type { Currency } from '../../lib/api/types.ts';
import { decimalPlaces } from '../../lib/reference-forms.ts';
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
import CurrencyFormModal from './CurrencyFormModal.tsx';

/** The base unit with the decimal places it gives amounts (100 → 2 decimals). */
function BaseUnit({ baseUnit }: { baseUnit: number }) {
  const places = decimalPlaces(baseUnit);
  return (
    <span className="base-unit">
      <span className="base-unit__value">{baseUnit}</span>
      {places === null ? null : (
        <span className="cell-muted">{places === 0 ? 'no decimals' : `${places} decimal${places === 1 ? '' : 's'}`}</span>
      )}
    </span>
  );
}

type Editor = { mode: 'create' } | { mode: 'edit'; currency: Currency };

function Currencies() {
  const list = usePagedList<Currency>({
    fetchPage: (paging) => listCurrencies(paging),
    loadingMessage: 'Loading currencies...',
    errorMessage: 'Could not load currencies.',
  });
  const [editor, setEditor] = useState<Editor | null>(null);
  const [toDelete, setToDelete] = useState<Currency | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (currency: Currency, enabled: boolean) => {
    setToggling((was) => new Set(was).add(currency.id));
    try {
      const saved = await updateCurrency(currency.id, { enabled });
      list.replaceRow((row) => row.id === saved.id, saved);
      showToast(successToast('Currency updated successfully!'));
    } catch (error) {
      showToast(failureToast(error, 'Failed to update currency.'));
    } finally {
      setToggling((was) => {
        const next = new Set(was);
        next.delete(currency.id);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteCurrency(toDelete.id);
      showToast(successToast('Currency deleted successfully!'));
      setToDelete(null);
      list.reload();
    } catch (error) {
      showToast(failureToast(error, 'Failed to delete currency.'));
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<Currency>[] = [
    { key: 'name', header: 'Name', render: (row) => <span className="cell-strong">{row.name}</span> },
    { key: 'code', header: 'Code', render: (row) => <span className="code-tag">{row.code}</span> },
    {
      key: 'baseUnit',
      header: 'Base Unit',
      render: (row) => <BaseUnit baseUnit={row.baseUnit} />,
    },
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
        <RowActions name={row.name} onEdit={() => setEditor({ mode: 'edit', currency: row })} onDelete={() => setToDelete(row)} />
      ),
    },
  ];

  return (
    <section className="screen">
      <ScreenHeader
        title="Currency Management"
        description="Currencies organisations can take payments in. Disabled ones cannot be added to organisations."
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setEditor({ mode: 'create' })}>
            <PlusIcon />
            Create Currency
          </button>
        }
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            caption="Currencies"
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row.id}
            emptyTitle="No currencies yet."
            emptyDescription="Create the first currency organisations can take payments in."
          />
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onChange={list.setPaging} sizeLabel="Currencies per page" />
        </div>
      ) : null}
      {editor ? (
        <CurrencyFormModal
          currency={editor.mode === 'edit' ? editor.currency : undefined}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete currency"
        message={toDelete ? `Are you sure you want to delete the currency ${toDelete.name} (${toDelete.code})? This cannot be undone.` : ''}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** Currency Management (superadmin): the paged table of currencies with create, edit, toggle and delete. */
export default function CurrencyManagement() {
  return <SuperadminScreen title="Currency Management">{() => <Currencies />}</SuperadminScreen>;
}
