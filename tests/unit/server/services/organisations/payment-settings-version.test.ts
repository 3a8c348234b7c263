import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../../server/db/client.ts';
import { organisations } from '../../../../../server/db/schema.ts';
import {
  findOrganisationForPayments,
  PAYMENT_SETTINGS_KEYS,
} from '../../../../../server/services/organisations/organisations-repository.ts';
import { seedReferenceData } from '../../../../../server/db/reference-data.ts';
import { createOrganisation } from '../../../../helpers/app.ts';
import { createTestDatabase } from '../../../../helpers/database.ts';

// A new value for every setting payment creation reads: adding a key to PAYMENT_SETTINGS_KEYS without a value here
// does not compile, and without the trigger following it the test below fails.
const CHANGED: { [key in (typeof PAYMENT_SETTINGS_KEYS)[number]]: (typeof organisations.$inferInsert)[key] } = {
  currencies: ['GHS', 'USD', 'EUR'],
  defaultCurrency: 'EUR',
  callbackUrl: 'https://merchant.example/hooks-v2',
  notifierUrl: 'https://merchant.example/notify-v2',
  autoNotify: true,
  callbackDisabledAt: new Date('2026-01-02T03:04:05Z'),
  notifierDisabledAt: new Date('2026-01-02T03:04:06Z'),
};

describe('organisations.payment_settings_version', () => {
  let database: DatabaseHandle;
  let orgId: number;
  const version = async () => (await findOrganisationForPayments(database.db, orgId))!.paymentSettingsVersion;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    orgId = await createOrganisation(database.db);
  });
  afterAll(() => database.close());

  it.each(PAYMENT_SETTINGS_KEYS)('goes up by one when %s changes, whoever changes it', async (key) => {
    const before = await version();
    await database.db
      .update(organisations)
      .set({ [key]: CHANGED[key] })
      .where(eq(organisations.id, orgId));
    expect(await version()).toBe(before + 1);
  });

  it('stays when a setting is saved unchanged or when anything else changes', async () => {
    const before = await version();
    await database.db.update(organisations).set(CHANGED).where(eq(organisations.id, orgId));
    await database.db.execute(sql`update organisations set next_receipt_number = next_receipt_number + 1 where id = ${orgId}`);
    await database.db
      .update(organisations)
      .set({ name: 'Renamed Org', receiptTitle: 'Official receipt' })
      .where(eq(organisations.id, orgId));
    expect(await version()).toBe(before);
  });

  it('cannot be set back by an update that changes a setting with it', async () => {
    const before = await version();
    await database.db
      .update(organisations)
      .set({ callbackUrl: 'https://merchant.example/hooks-v3', paymentSettingsVersion: before })
      .where(eq(organisations.id, orgId));
    expect(await version()).toBe(before + 1);
  });
});
