// Creating a payment needs its organisation's currencies and webhook destinations. They are kept per process instead
// of being read on every call, and checked where it counts: the statement that creates the payment inserts it only
// while the organisation's payment settings version is still the one they were read at (payment_settings_version,
// raised by a trigger on every change of those settings).
// A change made by any process is therefore never missed; a creation refused as stale reads the settings again.
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { findOrganisationForPayments, type OrganisationForPayments } from './organisations-repository.ts';

/** Beyond this many organisations the cache starts again (it holds a few small rows per organisation). */
const MAX_ORGANISATIONS = 10_000;

/** The payment-creation settings of organisations, per database handle. */
export class PaymentSettingsCache {
  private readonly byOrganisation = new Map<number, OrganisationForPayments>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The organisation's settings as last read by this process (read now when they never were). */
  async get(orgId: number): Promise<OrganisationForPayments | undefined> {
    return this.byOrganisation.get(orgId) ?? this.read(orgId);
  }

  /** Reads the organisation's settings again (after a creation was refused as stale) and keeps them. */
  async read(orgId: number): Promise<OrganisationForPayments | undefined> {
    const organisation = await findOrganisationForPayments(this.db, orgId);
    if (!organisation) {
      this.byOrganisation.delete(orgId);
      return undefined;
    }
    if (this.byOrganisation.size >= MAX_ORGANISATIONS) this.byOrganisation.clear();
    this.byOrganisation.set(orgId, organisation);
    return organisation;
  }
}

/** The payment-settings cache of a database handle (one per handle, so per process). */
export const paymentSettingsOf = perDatabase((db) => new PaymentSettingsCache(db));
