import { headingFor, type ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useEffect, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { listGateways } from '../../lib/api/gateways.ts';
import type { Gateway, Scope, User } from '../../lib/api/types.ts';
import { findProviderOption } from '../../lib/gateway-providers.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import RequireSession from '../shell/RequireSession.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { PlusIcon } from '../ui/icons.tsx';
import CreateGatewayModal from './CreateGatewayModal.tsx';
import GatewayCard from './GatewayCard.tsx';
import { useProviderOptions } from './useProviderOptions.ts';

/** Gateways in routing order: priority (1 first), then oldest first. */
/** The gateways screen's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const GATEWAYS_HEADING = {
  superadmin: {
    title: 'Payment Gateway Configuration',
    description: 'Global gateways serve every organisation after its own, tried in priority order (1 first).',
  },
  orgadmin: {
    title: 'Payment Gateway Configuration',
    description: "Your organisation's gateways, tried in priority order (1 first) before the global ones.",
  },
} satisfies ScreenHeadingText;

function byPriority(gateways: readonly Gateway[]): Gateway[] {
  return [...gateways].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

function Gateways({ user }: { user: User }) {
  const superadmin = isSuperadmin(user.role);
  const scope: Scope = superadmin ? 'global' : 'organisation';
  const providers = useProviderOptions(superadmin);
  const [gateways, setGateways] = useState<Gateway[] | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let active = true;
    withLoading('Loading gateways...', () => listGateways(scope))
      .then((list) => {
        if (active) setGateways(byPriority(list));
      })
      .catch((error: unknown) => {
        if (!active) return;
        showToast(failureToast(error, 'Failed to load gateways'));
        setGateways([]);
      });
    return () => {
      active = false;
    };
  }, [scope]);

  const replace = (saved: Gateway) => setGateways((was) => byPriority((was ?? []).map((g) => (g.id === saved.id ? saved : g))));
  const enabledCount = gateways?.filter((g) => g.enabled).length ?? 0;
  const createButton = (
    <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
      <PlusIcon />
      Create Gateway
    </button>
  );

  return (
    <section className="screen gateways-screen">
      <ScreenHeader {...headingFor(GATEWAYS_HEADING, user)} actions={createButton} />
      {gateways === null ? null : gateways.length === 0 ? (
        <div className="table-wrap">
          <EmptyState
            title="No gateways configured yet."
            description={
              superadmin
                ? 'Create a global gateway to connect a payment provider for every organisation.'
                : 'Create a gateway to take payments through a payment provider of your choice.'
            }
          />
        </div>
      ) : (
        <>
          <p className="toolbar__count" aria-live="polite">
            {gateways.length} gateway{gateways.length === 1 ? '' : 's'} · {enabledCount} enabled
          </p>
          <div className="gateway-list">
            {gateways.map((gateway) => (
              <GatewayCard
                key={gateway.id}
                gateway={gateway}
                scope={scope}
                option={findProviderOption(providers.options, gateway.provider)}
                onSaved={replace}
                onDeleted={(id) => setGateways((was) => (was ?? []).filter((g) => g.id !== id))}
              />
            ))}
          </div>
        </>
      )}
      {creating ? (
        <CreateGatewayModal
          scope={scope}
          providers={providers.options}
          providersLoaded={providers.loaded}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setGateways((was) => byPriority([...(was ?? []), created]));
          }}
        />
      ) : null}
    </section>
  );
}

/** Payment Gateway Configuration (both roles): global gateways for a superadmin, the organisation's for anyone else. */
export default function GatewayConfiguration() {
  return <RequireSession>{(user) => <Gateways user={user} />}</RequireSession>;
}
