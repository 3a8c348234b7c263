import { and, asc, count, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { columnList, columnsFromDriver, escapeLike } from '../../db/raw.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';
import { countries, organisationApiTokens, organisations, payments, users } from '../../db/schema.ts';

export type OrganisationRow = typeof organisations.$inferSelect & {
  countryName: string | null;
  countryCode: string | null;
  /** The current API token, sealed (api-tokens-repository.ts); null only if the organisation has none. */
  apiTokenSealed: string | null;
};
export type OrganisationInsert = typeof organisations.$inferInsert;

const columns = {
  ...getTableColumns(organisations),
  countryName: countries.name,
  countryCode: countries.code,
  apiTokenSealed: organisationApiTokens.tokenSealed,
};

const selectOrganisations = (db: Database) =>
  db
    .select(columns)
    .from(organisations)
    .leftJoin(countries, eq(countries.id, organisations.countryId))
    .leftJoin(organisationApiTokens, and(eq(organisationApiTokens.orgId, organisations.id), isNull(organisationApiTokens.expiresAt)));

const searchFilter = (search: string | undefined): SQL | undefined => {
  const needle = search?.trim();
  if (!needle) return undefined;
  const pattern = `%${escapeLike(needle)}%`;
  return sql`(${organisations.name} ilike ${pattern} or ${organisations.code} ilike ${pattern} or ${organisations.email} ilike ${pattern})`;
};

/** One page of organisations by name, filtered by a search over name, code and e-mail. */
export async function listOrganisations(db: Database, options: { limit?: number; offset?: number; search?: string | undefined }) {
  const where = searchFilter(options.search);
  const query = selectOrganisations(db).where(where).orderBy(asc(organisations.name), asc(organisations.id));
  const [items, totals] = await Promise.all([
    options.limit === undefined ? query : query.limit(options.limit).offset(options.offset ?? 0),
    db.select({ total: count() }).from(organisations).where(where),
  ]);
  return { items: items as OrganisationRow[], total: totals[0]?.total ?? 0 };
}

/** The organisation with this id, with its country. */
export async function findOrganisation(db: Database, id: number): Promise<OrganisationRow | undefined> {
  const [row] = await selectOrganisations(db).where(eq(organisations.id, id)).limit(1);
  return row;
}

/**
 * The organisation's settings payment creation depends on. Changing any of them raises payment_settings_version (the
 * trigger of migration 0008, which lists the same columns; a test keeps the two in step).
 */
export const PAYMENT_SETTINGS_KEYS = [
  'currencies',
  'defaultCurrency',
  'callbackUrl',
  'notifierUrl',
  'autoNotify',
  'callbackDisabledAt',
  'notifierDisabledAt',
] as const;
/** What creating a payment reads of its organisation: its currencies and the webhook destinations of the outbox. */
const PAYMENT_CREATION_KEYS = ['id', ...PAYMENT_SETTINGS_KEYS, 'paymentSettingsVersion'] as const;
/** What payment creation reads of an organisation, with the version of those settings when they were read. */
export type OrganisationForPayments = Pick<typeof organisations.$inferSelect, (typeof PAYMENT_CREATION_KEYS)[number]>;

const organisationForPaymentsText = `select ${columnList(organisations, PAYMENT_CREATION_KEYS)} from organisations where id = $1`;

/** The organisation's columns payment creation needs, with their version (a prepared statement). */
export async function findOrganisationForPayments(db: Database, id: number): Promise<OrganisationForPayments | undefined> {
  const params = new StatementParams();
  params.add(id);
  const [raw] = await runStatement<Record<string, unknown>>(db, 'organisation_for_payments', organisationForPaymentsText, params);
  return raw && columnsFromDriver(organisations, raw, PAYMENT_CREATION_KEYS);
}

/** Another organisation with this code (case-insensitive). */
export async function organisationWithCode(db: Database, code: string, exceptId?: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      sql`upper(${organisations.code}) = upper(${code})${exceptId === undefined ? sql`` : sql` and ${organisations.id} <> ${exceptId}`}`,
    )
    .limit(1);
  return row;
}

/** Locks the organisation's row until the transaction ends (one API-token roll at a time); false when it does not exist. */
export async function lockOrganisation(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, id)).for('update');
  return rows.length > 0;
}

/** Inserts an organisation and returns its id. */
export async function insertOrganisation(db: Database, values: OrganisationInsert): Promise<number> {
  const [row] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Updates an organisation; false when it does not exist. */
export async function updateOrganisation(db: Database, id: number, values: Partial<OrganisationInsert>): Promise<boolean> {
  const rows = await db.update(organisations).set(values).where(eq(organisations.id, id)).returning({ id: organisations.id });
  return rows.length > 0;
}

/** How many users belong to the organisation. */
export async function countOrganisationUsers(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.orgId, id));
  return row?.total ?? 0;
}

/** Deletes an organisation; false when it did not exist. */
export async function deleteOrganisation(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(organisations).where(eq(organisations.id, id)).returning({ id: organisations.id });
  return rows.length > 0;
}

/** The URLs the organisation of the payment with this reference registered (callback and website); none when no such payment. */
export async function registeredUrlsOfPaymentOrganisation(db: Database, reference: string): Promise<string[]> {
  const [row] = await db
    .select({ callbackUrl: organisations.callbackUrl, websiteUrl: organisations.websiteUrl })
    .from(payments)
    .innerJoin(organisations, eq(organisations.id, payments.orgId))
    .where(eq(payments.reference, reference))
    .limit(1);
  return [row?.callbackUrl, row?.websiteUrl].filter((url): url is string => typeof url === 'string' && url !== '');
}

/** The organisation's checkout token (undefined when there is no such organisation). */
export async function findCheckoutToken(db: Database, orgId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: organisations.checkoutToken }).from(organisations).where(eq(organisations.id, orgId)).limit(1);
  return row?.token;
}

/** Stores a new checkout token; false when there is no such organisation. */
export async function setCheckoutToken(db: Database, orgId: number, token: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(organisations)
    .set({ checkoutToken: token, updatedAt: at })
    .where(eq(organisations.id, orgId))
    .returning({ id: organisations.id });
  return row !== undefined;
}

/** The organisation with this checkout token. */
export async function organisationIdWithCheckoutToken(db: Database, token: string): Promise<number | undefined> {
  const [row] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.checkoutToken, token)).limit(1);
  return row?.id;
}
