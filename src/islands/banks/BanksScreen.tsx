import type { ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { createBank, deleteBank, listBanks, updateBank } from '../../lib/api/banks.ts';
import type { Bank, Scope } from '../../lib/api/types.ts';
import {
  BANKS_LOAD_FAILED,
  BANK_CREATED,
  BANK_CREATE_FAILED,
  BANK_DELETED,
  BANK_DELETE_FAILED,
  BANK_SAVED,
  BANK_SAVE_FAILED,
  banksTitle,
  deleteBankQuestion,
  sortBanks,
  type BankPayload,
} from '../../lib/bank-form.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import RequireSession from '../shell/RequireSession.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import BankCard from './BankCard.tsx';
import BankForm from './BankForm.tsx';

type Listing = { status: 'loading' } | { status: 'loaded'; banks: Bank[] } | { status: 'failed' };

/** The banks screen's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const BANKS_HEADING = {
  superadmin: {
    title: banksTitle('global'),
    description: 'Banks offered platform-wide for direct bank checkout, each with the API config Payrail calls it with.',
  },
  orgadmin: {
    title: banksTitle('organisation'),
    description: "Your organisation's own banks for direct bank checkout, each with the API config Payrail calls it with.",
  },
} satisfies ScreenHeadingText;
const HEADING_BY_SCOPE = { global: BANKS_HEADING.superadmin, organisation: BANKS_HEADING.orgadmin } satisfies Record<Scope, unknown>;

function Banks({ scope }: { scope: Scope }) {
  const heading = HEADING_BY_SCOPE[scope];
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Bank | null>(null);
  const [deleting, setDeleting] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const newTitleId = useId();

  const load = useCallback(async () => {
    try {
      const banks = await withLoading('Loading banks...', () => listBanks(scope));
      setListing({ status: 'loaded', banks: sortBanks(banks) });
    } catch (error) {
      showToast(failureToast(error, BANKS_LOAD_FAILED));
      setListing({ status: 'failed' });
    }
  }, [scope]);

  useEffect(() => {
    void load();
  }, [load]);

  const put = (bank: Bank) =>
    setListing((was) =>
      was.status === 'loaded' ? { status: 'loaded', banks: sortBanks([...was.banks.filter((b) => b.id !== bank.id), bank]) } : was,
    );

  const closeCreate = () => {
    setCreating(false);
    // Focus goes back to the button that opened the form (after it re-renders enabled).
    setTimeout(() => addRef.current?.focus(), 0);
  };

  const create = async (payload: BankPayload): Promise<boolean> => {
    try {
      const bank = await createBank(scope, payload);
      showToast(successToast(BANK_CREATED));
      put(bank);
      closeCreate();
      return true;
    } catch (error) {
      showToast(failureToast(error, BANK_CREATE_FAILED));
      return false;
    }
  };

  const save = async (bank: Bank, payload: BankPayload): Promise<boolean> => {
    try {
      const saved = await updateBank(scope, bank.id, payload);
      showToast(successToast(BANK_SAVED));
      put(saved);
      setEditingId(null);
      return true;
    } catch (error) {
      showToast(failureToast(error, BANK_SAVE_FAILED));
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    const removed = toDelete.id;
    try {
      await deleteBank(scope, removed);
      showToast(successToast(BANK_DELETED));
      setListing((was) => (was.status === 'loaded' ? { status: 'loaded', banks: was.banks.filter((b) => b.id !== removed) } : was));
      if (editingId === removed) setEditingId(null);
      setTimeout(() => addRef.current?.focus(), 0);
    } catch (error) {
      showToast(failureToast(error, BANK_DELETE_FAILED));
    } finally {
      setToDelete(null);
      setDeleting(false);
    }
  };

  const banks = listing.status === 'loaded' ? listing.banks : [];
  const startCreate = () => {
    setEditingId(null);
    setCreating(true);
  };

  return (
    <section className="screen">
      <ScreenHeader
        {...heading}
        actions={
          <button
            ref={addRef}
            type="button"
            className="btn btn--primary"
            onClick={startCreate}
            disabled={creating || listing.status !== 'loaded'}
          >
            <PlusIcon />
            Add Bank
          </button>
        }
      />
      {creating ? (
        <section className="card bank-card bank-card--new is-editing" aria-labelledby={newTitleId}>
          <div className="bank-card__head">
            <div className="bank-card__title">
              <h2 id={newTitleId} className="bank-card__name">
                New bank
              </h2>
              <p className="cell-muted">
                The API config starts from a worked example; replace its URLs, paths and settings with the bank&rsquo;s own.
              </p>
            </div>
          </div>
          <BankForm editorName="bank-new" submitLabel="Create Bank" busyLabel="Creating..." onSubmit={create} onCancel={closeCreate} />
        </section>
      ) : null}
      {listing.status === 'failed' ? (
        <div className="table-wrap">
          <EmptyState
            title="The banks could not be loaded."
            description="Check your connection and try again."
            action={
              <button type="button" className="btn" onClick={() => void load()}>
                Try again
              </button>
            }
          />
        </div>
      ) : null}
      {listing.status === 'loaded' && banks.length === 0 && !creating ? (
        <div className="table-wrap">
          <EmptyState
            title="No banks yet."
            description={scope === 'global' ? 'Add the first bank customers can pay through.' : 'Add the first bank of your organisation.'}
            action={
              <button type="button" className="btn btn--primary" onClick={startCreate}>
                <PlusIcon />
                Add Bank
              </button>
            }
          />
        </div>
      ) : null}
      {banks.length > 0 ? (
        <div className="bank-grid">
          {banks.map((bank) => (
            <BankCard
              key={bank.id}
              bank={bank}
              editing={editingId === bank.id}
              onEdit={() => {
                setCreating(false);
                setEditingId(bank.id);
              }}
              onCancelEdit={() => setEditingId(null)}
              onSave={(payload) => save(bank, payload)}
              onDelete={() => setToDelete(bank)}
            />
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete bank"
        message={toDelete ? deleteBankQuestion(toDelete) : ''}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** Banks: 'Banks' (superadmin, global banks) or 'Organisation Banks' (orgadmin, the organisation's own). */
export default function BanksScreen() {
  return <RequireSession>{(user) => <Banks key={user.role} scope={isSuperadmin(user.role) ? 'global' : 'organisation'} />}</RequireSession>;
}
