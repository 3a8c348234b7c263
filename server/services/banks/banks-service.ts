import type { Static } from 'typebox';
import { changesBetween, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service.ts';
import type { Bank, UpdateBankBody } from '../../../isomorphic/schemas/banks.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import { assertAllowedTargetSyntax, type TargetPolicy } from '../adapter/target-guard.ts';
import { assertValidConfig } from '../gateways/gateways-service.ts';
import { normaliseAvatarUrl } from '../users/profile-service.ts';
import {
  maskedCredentials,
  restoreMaskedCredentials,
  sealCredentials,
  separateCredentials,
  storedCredentials,
  withCredentials,
  type BankCredentials,
} from './bank-credentials.ts';
import * as rows from './banks-repository.ts';

export interface BankContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

/** The bank as the API shows it (isomorphic/schemas/banks.ts). */
export type PublicBank = Static<typeof Bank>;

/** The bank as the API shows it: credentials in its apiConfig only as masked hints. */
export function toPublicBank(row: rows.BankRow, dataKey: Buffer): PublicBank {
  const { redacted, credentials } = storedCredentials(row, dataKey);
  return {
    id: row.id,
    orgId: row.orgId,
    code: row.code,
    name: row.name,
    logoUrl: row.logoUrl,
    apiConfig: maskedCredentials(redacted, credentials),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A bank's apiConfig with its credentials, for the adapter only (never sent to clients or logged). */
export function bankApiConfig(row: rows.BankRow, dataKey: Buffer): GatewayConfig {
  const { redacted, credentials } = storedCredentials(row, dataKey);
  return withCredentials(redacted, credentials);
}

/** A bank create or edit as the API takes it. */
export type BankInput = Static<typeof UpdateBankBody>;

/** The checked values of a write; a new apiConfig comes back masked, with its credentials sealed apart. */
function checked(ctx: BankContext, input: BankInput, stored: BankCredentials = {}) {
  const values: { code?: string; name?: string; logoUrl?: string | null; apiConfig?: GatewayConfig; credentialsSealed?: string } = {};
  if (input.code !== undefined) {
    values.code = input.code.trim().toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9_-]{0,19}$/.test(values.code)) throw badRequest('Bank code must be 1–20 letters, digits, "-" or "_".');
  }
  if (input.name !== undefined) {
    values.name = input.name.trim();
    if (values.name === '') throw badRequest('Bank name is required.');
  }
  if (input.logoUrl !== undefined) values.logoUrl = normaliseAvatarUrl(input.logoUrl);
  if (input.apiConfig !== undefined) {
    const config = restoreMaskedCredentials(assertValidConfig(input.apiConfig, 'API config'), stored);
    assertAllowedTargetSyntax(config.baseUrl, ctx.targets);
    const { redacted, credentials } = separateCredentials(config);
    values.apiConfig = redacted;
    values.credentialsSealed = sealCredentials(ctx.dataKey, credentials);
  }
  return values;
}

/** The banks of a scope (null = global). */
export async function listBanks(ctx: BankContext, orgId: number | null): Promise<PublicBank[]> {
  return (await rows.listBanks(ctx.db, orgId)).map((row) => toPublicBank(row, ctx.dataKey));
}

/** Creates a bank (code upper-cased and unique in its scope; API config validated like a gateway's). */
export async function createBank(
  ctx: BankContext,
  orgId: number | null,
  input: BankInput,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<PublicBank> {
  const values = checked(ctx, input);
  if (!values.code || !values.name || values.apiConfig === undefined || values.credentialsSealed === undefined)
    throw badRequest('Bank code, name and API config are required.');
  if (await rows.bankWithCode(ctx.db, orgId, values.code)) throw conflict(`A bank with code ${values.code} already exists.`);
  const now = ctx.clock.now();
  try {
    const fields = {
      code: values.code,
      name: values.name,
      logoUrl: values.logoUrl ?? null,
      apiConfig: values.apiConfig,
      credentialsSealed: values.credentialsSealed,
    };
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await rows.insertBank(tx, { ...fields, orgId, createdAt: now, updatedAt: now });
      await recordAudit(tx, ctx.clock, actor, {
        action: 'bank.create',
        targetType: 'bank',
        targetId: inserted.id,
        orgId,
        changes: changesBetween(null, fields),
      });
      return inserted;
    });
    return toPublicBank(row, ctx.dataKey);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A bank with code ${values.code} already exists.`);
    throw error;
  }
}

/** Edits a bank of the scope (masked credentials in its apiConfig keep their stored values). */
export async function updateBank(
  ctx: BankContext,
  orgId: number | null,
  id: number,
  input: BankInput,
  actor: AuditActor,
): Promise<PublicBank> {
  const existing = await rows.findBank(ctx.db, orgId, id);
  if (!existing) throw notFound('Bank not found.');
  const values = checked(ctx, input, storedCredentials(existing, ctx.dataKey).credentials);
  if (values.code && (await rows.bankWithCode(ctx.db, orgId, values.code, id)))
    throw conflict(`A bank with code ${values.code} already exists.`);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await rows.updateBank(tx, orgId, id, { ...values, updatedAt: ctx.clock.now() });
    if (!updated) throw notFound('Bank not found.');
    const changes = changesBetween(existing, values, Object.keys(values));
    await recordAudit(tx, ctx.clock, actor, { action: 'bank.update', targetType: 'bank', targetId: id, orgId, changes });
    return updated;
  });
  return toPublicBank(row, ctx.dataKey);
}

/** Deletes a bank of the scope. */
export async function deleteBank(ctx: BankContext, orgId: number | null, id: number, actor: AuditActor): Promise<void> {
  const existing = await rows.findBank(ctx.db, orgId, id);
  if (!existing) throw notFound('Bank not found.');
  await ctx.db.transaction(async (tx) => {
    if (!(await rows.deleteBank(tx, orgId, id))) throw notFound('Bank not found.');
    const changes = changesBetween({ code: existing.code, name: existing.name }, null);
    await recordAudit(tx, ctx.clock, actor, { action: 'bank.delete', targetType: 'bank', targetId: id, orgId, changes });
  });
}

/**
 * Seals the credentials of banks written before they were sealed (idempotent; safe with several processes starting
 * at once) and returns how many it sealed.
 */
export async function sealPlaintextBankCredentials(db: Database, dataKey: Buffer): Promise<number> {
  let sealed = 0;
  for (const row of await rows.banksWithUnsealedCredentials(db)) {
    const { redacted, credentials } = separateCredentials(row.apiConfig);
    if (await rows.storeSealedCredentials(db, row.id, redacted, sealCredentials(dataKey, credentials))) sealed++;
  }
  return sealed;
}
