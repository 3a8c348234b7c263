import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import type { Database } from '../../db/client.ts';
import { gatewayConfigsOfProvider, gatewayFromDriver, gatewaySaves, type StoredGateway } from '../gateways/gateways-repository.ts';
import { findProviderByName, providerSaves, type ProviderRow } from '../providers/providers-repository.ts';
import { paymentToChangeByReference, type PaymentToChange } from '../payments/payments-repository.ts';

export type CallbackGateway = StoredGateway;

// Short enough that a save made by another process (which cannot invalidate this one) shows soon;
// saves in this process invalidate at once.
const TTL_MS = 10_000;

interface ProviderLookup {
  at: number;
  provider: Promise<ProviderRow | undefined>;
  /** The distinct webhook locators of the provider's gateways (how to find the reference in a body). */
  configs?: Promise<GatewayConfig[]>;
}

// Per database (tests run several in one process), per provider name.
let cache = new WeakMap<Database, Map<string, ProviderLookup>>();

// The providers' and gateways' save counts the cache was filled at: a save in this process empties it.
let cachedAtSaves = '';

/** The cache, emptied first when a provider or gateway was saved or deleted since it was filled. */
function currentCache(): WeakMap<Database, Map<string, ProviderLookup>> {
  const saves = `${providerSaves()}:${gatewaySaves()}`;
  if (saves !== cachedAtSaves) {
    cache = new WeakMap();
    cachedAtSaves = saves;
  }
  return cache;
}

/** One config per distinct pair of webhook locators, payment's and refund's (gateways of one provider mostly share theirs). */
export function distinctWebhookLocators(configs: GatewayConfig[]): GatewayConfig[] {
  const seen = new Set<string>();
  return configs.filter((config) => {
    const key = JSON.stringify([config.webhook ?? {}, config.refund?.webhook ?? {}]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lookupOf(db: Database, name: string, now: number): ProviderLookup {
  const lookups = currentCache();
  let byName = lookups.get(db);
  if (!byName) {
    byName = new Map();
    lookups.set(db, byName);
  }
  const cached = byName.get(name);
  if (cached && now - cached.at < TTL_MS) return cached;
  const lookup: ProviderLookup = {
    at: now,
    provider: findProviderByName(db, name).then((row) => {
      // Unknown names are not kept: anyone can send them.
      if (!row && byName.get(name) === lookup) byName.delete(name);
      return row;
    }),
  };
  byName.set(name, lookup);
  // A failed read must not stay cached.
  lookup.provider.catch(() => byName.delete(name));
  return lookup;
}

/**
 * The provider a callback names, and the webhook locators of its gateways, cached per process for a
 * few seconds: every callback needs them and they change only when an admin saves a provider or a
 * gateway. They only locate the reference; the payment's own gateway is always read fresh.
 */
export async function providerForCallback(
  db: Database,
  name: string,
): Promise<{ provider: ProviderRow; configs: GatewayConfig[] } | undefined> {
  const lookup = lookupOf(db, name.trim().toLowerCase(), Date.now());
  const provider = await lookup.provider;
  if (!provider) return undefined;
  if (!lookup.configs) {
    const configs = gatewayConfigsOfProvider(db, provider.id).then(distinctWebhookLocators);
    lookup.configs = configs;
    configs.catch(() => {
      if (lookup.configs === configs) delete lookup.configs;
    });
  }
  return { provider, configs: await lookup.configs };
}

/**
 * The payment with this reference, read as a status change needs it (its first attempt uses this read), and the
 * gateway it was started at (of its organisation, or a global one) — in one prepared statement.
 */
export async function paymentWithGateway(
  db: Database,
  reference: string,
): Promise<{ current: PaymentToChange; gateway: CallbackGateway | null } | undefined> {
  const found = await paymentToChangeByReference<{ gateway: Record<string, unknown> | null }>(db, reference, {
    name: 'payment_with_gateway',
    extraColumns: ', case when g.org_id = p.org_id or g.org_id is null then row_to_json(g) end as gateway',
  });
  if (!found) return undefined;
  const { current, extra } = found;
  return { current, gateway: extra.gateway ? gatewayFromDriver(extra.gateway) : null };
}
