import { superadminOnlyHeading } from '../../lib/screen-heading.ts';
import { useCallback, useEffect, useId, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { deleteProvider, listProviders } from '../../lib/api/providers.ts';
import type { Provider } from '../../lib/api/types.ts';
import { FALLBACK_PROVIDERS, type FallbackProvider } from '../../lib/provider-fallback.ts';
import {
  PROVIDERS_LOAD_FAILED,
  PROVIDERS_TITLE,
  PROVIDER_REMOVED,
  PROVIDER_REMOVE_FAILED,
  removeProviderQuestion,
  sortProviders,
} from '../../lib/provider-form.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import SuperadminScreen from '../shell/SuperadminScreen.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import DataTable, { type Column } from '../ui/DataTable.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import AddProviderForm from './AddProviderForm.tsx';

type Catalogue = { source: 'loading' } | { source: 'server'; providers: Provider[] } | { source: 'fallback' };

/** The providers screen's heading; the page's HTML shows the screen's whole first frame (ScreenFirstFrame.astro). */
const PROVIDERS_HEADING = superadminOnlyHeading(
  PROVIDERS_TITLE,
  'The PSP catalogue: which credentials each provider needs and how its webhooks are signed and read.',
);

function TagList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <span className="cell-muted">{empty}</span>;
  return (
    <ul className="tag-list">
      {items.map((item) => (
        <li key={item} className="tag">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ProviderName({ provider }: { provider: Pick<Provider, 'name' | 'displayName'> & { builtIn?: boolean } }) {
  return (
    <div className="cell-stack">
      <span className="provider-name">
        <span className="cell-strong">{provider.displayName || provider.name}</span>
        {provider.builtIn ? <span className="badge badge--accent">Built in</span> : null}
      </span>
      <span>
        <code className="code-tag code-tag--plain">{provider.name}</code>
      </span>
    </div>
  );
}

function Providers() {
  const listTitleId = useId();
  const [catalogue, setCatalogue] = useState<Catalogue>({ source: 'loading' });
  const [toDelete, setToDelete] = useState<Provider | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(async () => {
    try {
      const providers = await withLoading('Loading providers...', () => listProviders());
      setCatalogue({ source: 'server', providers: sortProviders(providers) });
    } catch (error) {
      showToast(failureToast(error, PROVIDERS_LOAD_FAILED));
      setCatalogue({ source: 'fallback' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteProvider(toDelete.id);
      showToast(successToast(PROVIDER_REMOVED));
      const removed = toDelete.id;
      setCatalogue((was) => (was.source === 'server' ? { ...was, providers: was.providers.filter((p) => p.id !== removed) } : was));
    } catch (error) {
      showToast(failureToast(error, PROVIDER_REMOVE_FAILED));
    } finally {
      setToDelete(null);
      setDeleting(false);
    }
  };

  const columns: Column<Provider>[] = [
    { key: 'provider', card: 'title', header: 'Provider', render: (row) => <ProviderName provider={row} /> },
    {
      key: 'credentials',
      header: 'Required credentials',
      render: (row) => (
        <div className="cell-stack">
          <TagList items={row.constraintsRequired} empty="None" />
          {row.constraintsOptional.length > 0 ? <span className="cell-muted">Optional: {row.constraintsOptional.join(', ')}</span> : null}
        </div>
      ),
    },
    {
      key: 'successStatuses',
      header: 'Success statuses',
      render: (row) => <TagList items={row.successStatuses} empty="—" />,
    },
    {
      key: 'webhook',
      header: 'Webhook header',
      render: (row) => (
        <div className="cell-stack">
          {row.webhookHeaderName ? <code className="mono-text">{row.webhookHeaderName}</code> : <span className="cell-muted">—</span>}
          <span className="cell-muted">{row.hmacAlgo.toUpperCase().replace('SHA', 'HMAC-SHA')}</span>
        </div>
      ),
    },
    {
      key: 'actions',
      card: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <button
          type="button"
          className="btn btn--sm btn--danger-ghost"
          onClick={() => setToDelete(row)}
          title={row.builtIn ? 'The built-in Sandbox PSP is part of Payrail' : undefined}
        >
          Delete<span className="visually-hidden"> {row.displayName || row.name}</span>
        </button>
      ),
    },
  ];

  const fallbackColumns: Column<FallbackProvider>[] = [
    { key: 'provider', card: 'title', header: 'Provider', render: (row) => <ProviderName provider={row} /> },
    {
      key: 'webhook',
      header: 'Webhook address',
      render: (row) => <code className="mono-text">/webhooks/psp/{row.name}</code>,
    },
  ];

  const count = catalogue.source === 'server' ? catalogue.providers.length : FALLBACK_PROVIDERS.length;

  return (
    <section className="screen">
      <ScreenHeader {...PROVIDERS_HEADING.superadmin} />
      <AddProviderForm
        onCreated={(provider) => {
          if (catalogue.source === 'server')
            setCatalogue({ source: 'server', providers: sortProviders([...catalogue.providers, provider]) });
          else void load();
        }}
      />
      {catalogue.source === 'loading' ? null : (
        <section className="list-section" aria-labelledby={listTitleId}>
          <div className="list-section__head">
            <h2 id={listTitleId} className="list-section__title">
              Providers
            </h2>
            <span className="toolbar__count" aria-live="polite">
              {count} provider{count === 1 ? '' : 's'}
            </span>
          </div>
          {catalogue.source === 'server' ? (
            <DataTable
              caption="Payment providers"
              columns={columns}
              rows={catalogue.providers}
              rowKey={(row) => row.id}
              emptyTitle="No providers yet."
              emptyDescription="Add the first provider with the form above."
            />
          ) : (
            <>
              <div className="notice-banner split-row" role="note">
                <p>
                  <strong>Showing the built-in provider list.</strong> The catalogue could not be loaded, so details and actions are
                  unavailable.
                </p>
                <button type="button" className="btn btn--sm" onClick={() => void load()}>
                  Try again
                </button>
              </div>
              <DataTable
                caption="Payment providers (built-in list)"
                columns={fallbackColumns}
                rows={FALLBACK_PROVIDERS}
                rowKey={(row) => row.name}
              />
            </>
          )}
        </section>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Remove provider"
        message={toDelete ? removeProviderQuestion(toDelete) : ''}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

/** Payment Providers (superadmin): the Add-provider form and the list of providers with Delete. */
export default function ProvidersScreen() {
  return <SuperadminScreen title={PROVIDERS_HEADING.orgadmin.title}>{() => <Providers />}</SuperadminScreen>;
}
