import { useState, type ComponentType } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import type { ListPage } from '../../lib/api/list.ts';
import type { MessageResponse } from '../../lib/api/types.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import Pager from '../ui/Pager.tsx';
import RowActions from '../ui/RowActions.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import Switch from '../ui/Switch.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import { usePagedList } from '../ui/usePagedList.ts';

/** A row of reference data: countries and currencies. */
export interface ReferenceRow {
  id: number;
  name: string;
  code: string;
  enabled: boolean;
}

export interface ReferenceFormProps<Row> {
  /** The row being edited; absent when creating. */
  row?: Row | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** What differs between the reference-data screens: words, API calls, extra columns and the form. */
export interface ReferenceKind<Row extends ReferenceRow> {
  /** Lower-case singular noun ('country'), used in toasts and the delete confirmation. */
  noun: string;
  title: string;
  description: string;
  /** Capitalised plural for the table caption ('Countries'). */
  plural: string;
  emptyDescription: string;
  list: (paging: { page: number; pageSize: number }) => Promise<ListPage<Row>>;
  update: (id: number, changes: { enabled: boolean }) => Promise<Row>;
  remove: (id: number) => Promise<MessageResponse>;
  /** Columns shown between Code and Enabled. */
  extraColumns?: Column<Row>[];
  Form: ComponentType<ReferenceFormProps<Row>>;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The paged table of a kind of reference data with create, edit, enabled toggle and delete. */
export default function ReferenceManagement<Row extends ReferenceRow>({ kind }: { kind: ReferenceKind<Row> }) {
  const Noun = capitalised(kind.noun);
  const list = usePagedList<Row>({
    fetchPage: (paging) => kind.list(paging),
    loadingMessage: `Loading ${kind.plural.toLowerCase()}...`,
    errorMessage: `Could not load ${kind.plural.toLowerCase()}.`,
  });
  const [editor, setEditor] = useState<{ row?: Row } | null>(null);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const toggle = async (row: Row, enabled: boolean) => {
    setToggling((was) => new Set(was).add(row.id));
    try {
      const saved = await kind.update(row.id, { enabled });
      list.replaceRow((candidate) => candidate.id === saved.id, saved);
      showToast(successToast(`${Noun} updated successfully!`));
    } catch (error) {
      showToast(failureToast(error, `Failed to update ${kind.noun}.`));
    } finally {
      setToggling((was) => {
        const next = new Set(was);
        next.delete(row.id);
        return next;
      });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await kind.remove(toDelete.id);
      showToast(successToast(`${Noun} deleted successfully!`));
      setToDelete(null);
      list.reload();
    } catch (error) {
      showToast(failureToast(error, `Failed to delete ${kind.noun}.`));
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const columns: Column<Row>[] = [
    { key: 'name', card: 'title', header: 'Name', render: (row) => <span className="cell-strong">{row.name}</span> },
    { key: 'code', header: 'Code', render: (row) => <span className="code-tag">{row.code}</span> },
    ...(kind.extraColumns ?? []),
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
      card: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => <RowActions name={row.name} onEdit={() => setEditor({ row })} onDelete={() => setToDelete(row)} />,
    },
  ];

  return (
    <section className="screen">
      <ScreenHeader
        title={kind.title}
        description={kind.description}
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setEditor({})}>
            <PlusIcon />
            Create {Noun}
          </button>
        }
      />
      {list.loaded ? (
        <div className={list.busy ? 'list-panel is-busy' : 'list-panel'} aria-busy={list.busy}>
          <DataTable
            caption={kind.plural}
            columns={columns}
            rows={list.rows}
            rowKey={(row) => row.id}
            emptyTitle={`No ${kind.plural.toLowerCase()} yet.`}
            emptyDescription={kind.emptyDescription}
          />
          <Pager
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            onChange={list.setPaging}
            sizeLabel={`${kind.plural} per page`}
          />
        </div>
      ) : null}
      {editor ? (
        <kind.Form
          row={editor.row}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${kind.noun}`}
        message={
          toDelete ? `Are you sure you want to delete the ${kind.noun} ${toDelete.name} (${toDelete.code})? This cannot be undone.` : ''
        }
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
