import type { Static } from 'typebox';
import { changesBetween, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service.ts';
import type { Organisation, OrganisationSettingsBody, UpdateOrganisationBody } from '../../../isomorphic/schemas/organisations.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../errors.ts';
import { maskSecret, open } from '../crypto/secret-box.ts';
import { issueApiToken } from './api-tokens-service.ts';
import { newCheckoutToken } from './organisation-tokens.ts';
import { normaliseOrganisationCode, optionalHttpUrl, optionalText, resolveCountry, resolveCurrencies } from './organisation-input.ts';
import * as rows from './organisations-repository.ts';
import { countOrganisationPayments } from '../payments/payments-repository.ts';
import type { TargetPolicy } from '../adapter/target-guard.ts';
import { endpointValues, PUBLIC_TARGETS_ONLY } from '../webhooks/endpoint-url.ts';
import type { OrganisationInsert, OrganisationRow } from './organisations-repository.ts';

export interface OrganisationContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  /** Which webhook URLs may be saved (private ones only with ALLOW_PRIVATE_TARGETS); public only when absent. */
  targets?: TargetPolicy;
}

/** Settings an orgadmin may change about its own organisation. */
export type SettingsInput = Static<typeof OrganisationSettingsBody>;

/** Everything a superadmin may set; the currencies already split into codes. */
export type OrganisationInput = Omit<Static<typeof UpdateOrganisationBody>, 'currencies'> & { currencies?: string[] | undefined };

/** The organisation as the API shows it (isomorphic/schemas/organisations.ts). */
export type PublicOrganisation = Static<typeof Organisation>;

/** The organisation as the API shows it; only superadmins see the API token in full. */
export function toPublicOrganisation(row: OrganisationRow, dataKey: Buffer, revealToken: boolean): PublicOrganisation {
  const token = row.apiTokenSealed === null ? '' : open(dataKey, row.apiTokenSealed);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    code: row.code,
    country: row.countryName,
    countryCode: row.countryCode,
    currencies: row.currencies,
    defaultCurrency: row.defaultCurrency,
    callbackUrl: row.callbackUrl,
    notifierUrl: row.notifierUrl,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    phone: row.phone,
    websiteUrl: row.websiteUrl,
    taxId: row.taxId,
    registrationNumber: row.registrationNumber,
    invoiceFooterNote: row.invoiceFooterNote,
    collectsGovernmentPayments: row.collectsGovernmentPayments,
    receiptTitle: row.receiptTitle,
    logoPosition: row.logoPosition,
    logoUrl: row.logoUrl,
    logo: row.logoUrl,
    apiToken: revealToken ? token : maskSecret(token),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function settingsValues(input: SettingsInput, targets: TargetPolicy): Partial<OrganisationInsert> {
  const values: Partial<OrganisationInsert> = {
    addressLine1: optionalText(input.addressLine1),
    addressLine2: optionalText(input.addressLine2),
    city: optionalText(input.city),
    state: optionalText(input.state),
    postalCode: optionalText(input.postalCode),
    phone: optionalText(input.phone),
    websiteUrl: optionalHttpUrl(input.websiteUrl, 'Website URL'),
    taxId: optionalText(input.taxId),
    registrationNumber: optionalText(input.registrationNumber),
    invoiceFooterNote: optionalText(input.invoiceFooterNote),
    collectsGovernmentPayments: input.collectsGovernmentPayments,
    receiptTitle: optionalText(input.receiptTitle),
    logoPosition: input.logoPosition,
    ...endpointValues(input, targets),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

async function mustFind(db: Database, id: number): Promise<OrganisationRow> {
  const row = await rows.findOrganisation(db, id);
  if (!row) throw notFound('Organisation not found.');
  return row;
}

/** Refuses an organisation id that names no organisation (404), before a call that acts on it. */
export async function assertOrganisationExists(db: Database, id: number): Promise<void> {
  await mustFind(db, id);
}

/** Organisations, paged and searched. */
export async function listOrganisations(
  ctx: OrganisationContext,
  options: { page: number; pageSize: number; search?: string | undefined; all?: boolean },
) {
  const window = options.all ? {} : { limit: options.pageSize, offset: (options.page - 1) * options.pageSize };
  const { items, total } = await rows.listOrganisations(ctx.db, { ...window, search: options.search });
  return {
    items: items.map((row) => toPublicOrganisation(row, ctx.dataKey, true)),
    total,
    page: options.all ? 1 : options.page,
    pageSize: options.all ? total : options.pageSize,
  };
}

/** One organisation; the token is revealed only when asked (superadmin). */
export async function getOrganisation(ctx: OrganisationContext, id: number, revealToken: boolean): Promise<PublicOrganisation> {
  return toPublicOrganisation(await mustFind(ctx.db, id), ctx.dataKey, revealToken);
}

/** Creates an organisation with a fresh API token and checkout token. */
export async function createOrganisation(
  ctx: OrganisationContext,
  input: OrganisationInput & { name: string; email: string; code: string; country: string },
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<PublicOrganisation> {
  const code = normaliseOrganisationCode(input.code);
  if (await rows.organisationWithCode(ctx.db, code)) throw conflict(`An organisation with code ${code} already exists.`);
  const countryId = await resolveCountry(ctx.db, input.country);
  const money = await resolveCurrencies(ctx.db, input.currencies ?? [], input.defaultCurrency);
  const now = ctx.clock.now();
  try {
    const values = {
      ...settingsValues(input, ctx.targets ?? PUBLIC_TARGETS_ONLY),
      name: input.name.trim(),
      email: input.email.trim(),
      code,
      countryId,
      ...money,
      checkoutToken: newCheckoutToken(),
      createdAt: now,
      updatedAt: now,
    };
    const id = await ctx.db.transaction(async (tx) => {
      const inserted = await rows.insertOrganisation(tx, values);
      // Its first API token (docs/security.md#api-tokens), with the organisation or not at all.
      const apiToken = await issueApiToken(tx, ctx, inserted, null);
      const changes = changesBetween(null, { ...values, apiToken }, auditedFields(values, ['apiToken']));
      await recordAudit(tx, ctx.clock, actor, {
        action: 'organisation.create',
        targetType: 'organisation',
        targetId: inserted,
        orgId: inserted,
        changes,
      });
      return inserted;
    });
    return getOrganisation(ctx, id, true);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`An organisation with code ${code} already exists.`);
    throw error;
  }
}

/** Edits an organisation: every field for a superadmin (`full`), settings only for its orgadmin. */
export async function updateOrganisation(
  ctx: OrganisationContext,
  id: number,
  input: OrganisationInput,
  options: { full: boolean },
  actor: AuditActor,
): Promise<PublicOrganisation> {
  const current = await mustFind(ctx.db, id);
  const values: Partial<OrganisationInsert> = { ...settingsValues(input, ctx.targets ?? PUBLIC_TARGETS_ONLY), updatedAt: ctx.clock.now() };
  if (options.full) {
    if (input.name !== undefined) values.name = input.name.trim();
    if (input.email !== undefined) values.email = input.email.trim();
    if (input.code !== undefined) {
      values.code = normaliseOrganisationCode(input.code);
      if (await rows.organisationWithCode(ctx.db, values.code, id))
        throw conflict(`An organisation with code ${values.code} already exists.`);
    }
    if (input.country !== undefined) values.countryId = await resolveCountry(ctx.db, input.country, current.countryId);
  }
  if ((options.full && input.currencies !== undefined) || input.defaultCurrency !== undefined) {
    const requested = options.full && input.currencies !== undefined ? input.currencies : current.currencies;
    const wantedDefault =
      input.defaultCurrency !== undefined
        ? input.defaultCurrency
        : requested.includes(current.defaultCurrency ?? '')
          ? current.defaultCurrency
          : null;
    Object.assign(values, await resolveCurrencies(ctx.db, requested, wantedDefault, current.currencies));
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await rows.updateOrganisation(tx, id, values);
      const changes = changesBetween(current, values, auditedFields(values));
      await recordAudit(tx, ctx.clock, actor, {
        action: 'organisation.update',
        targetType: 'organisation',
        targetId: id,
        orgId: id,
        changes,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An organisation with this code already exists.');
    throw error;
  }
  return getOrganisation(ctx, id, options.full);
}

/** Sets the organisation's logo URL (after an upload). */
export async function setOrganisationLogo(
  ctx: OrganisationContext,
  id: number,
  logoUrl: string,
  revealToken: boolean,
  actor: AuditActor,
): Promise<PublicOrganisation> {
  const current = await mustFind(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await rows.updateOrganisation(tx, id, { logoUrl, updatedAt: ctx.clock.now() });
    const changes = changesBetween(current, { logoUrl }, ['logoUrl']);
    await recordAudit(tx, ctx.clock, actor, {
      action: 'organisation.logo.update',
      targetType: 'organisation',
      targetId: id,
      orgId: id,
      changes,
    });
  });
  return getOrganisation(ctx, id, revealToken);
}

/** Deletes an organisation without payment history or users. */
export async function deleteOrganisation(ctx: OrganisationContext, id: number, actor: AuditActor): Promise<void> {
  const current = await mustFind(ctx.db, id);
  const history = await countOrganisationPayments(ctx.db, id);
  if (history > 0)
    throw conflict(`This organisation has ${history} payment${history === 1 ? '' : 's'}; its payment history cannot be deleted.`);
  const members = await rows.countOrganisationUsers(ctx.db, id);
  if (members > 0) throw conflict(`This organisation still has ${members} user${members === 1 ? '' : 's'}; delete them first.`);
  await ctx.db.transaction(async (tx) => {
    await rows.deleteOrganisation(tx, id);
    const changes = changesBetween({ name: current.name, code: current.code, email: current.email }, null);
    await recordAudit(tx, ctx.clock, actor, {
      action: 'organisation.delete',
      targetType: 'organisation',
      targetId: id,
      orgId: id,
      changes,
    });
  });
}

/** The fields of a write worth auditing: never the bookkeeping timestamps. */
function auditedFields(values: object, extra: string[] = []): string[] {
  return [...Object.keys(values).filter((field) => field !== 'updatedAt' && field !== 'createdAt'), ...extra];
}
