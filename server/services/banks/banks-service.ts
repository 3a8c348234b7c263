import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { assertAllowedTargetSyntax, type TargetPolicy } from '../adapter/target-guard.ts';
import { assertValidConfig } from '../gateways/gateways-service.ts';
import { normaliseAvatarUrl } from '../users/profile-service.ts';
import * as rows from './banks-repository.ts';

export interface BankContext {
  db: Database;
  clock: Clock;
  targets: TargetPolicy;
}

export interface BankInput {
  code?: string | undefined;
  name?: string | undefined;
  logoUrl?: string | null | undefined;
  apiConfig?: unknown;
}

function checked(ctx: BankContext, input: BankInput) {
  const values: { code?: string; name?: string; logoUrl?: string | null; apiConfig?: unknown } = {};
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
    const config = assertValidConfig(input.apiConfig, 'API config');
    assertAllowedTargetSyntax(config.baseUrl, ctx.targets);
    values.apiConfig = config;
  }
  return values;
}

/** The banks of a scope (null = global). */
export function listBanks(ctx: BankContext, orgId: number | null): Promise<rows.BankRow[]> {
  return rows.listBanks(ctx.db, orgId);
}

/** Creates a bank (code upper-cased and unique in its scope; API config validated like a gateway's). */
export async function createBank(ctx: BankContext, orgId: number | null, input: BankInput): Promise<rows.BankRow> {
  const values = checked(ctx, input);
  if (!values.code || !values.name || values.apiConfig === undefined) throw badRequest('Bank code, name and API config are required.');
  if (await rows.bankWithCode(ctx.db, orgId, values.code)) throw conflict(`A bank with code ${values.code} already exists.`);
  const now = ctx.clock.now();
  try {
    return await rows.insertBank(ctx.db, {
      code: values.code,
      name: values.name,
      logoUrl: values.logoUrl ?? null,
      apiConfig: values.apiConfig,
      orgId,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A bank with code ${values.code} already exists.`);
    throw error;
  }
}

/** Edits a bank of the scope. */
export async function updateBank(ctx: BankContext, orgId: number | null, id: number, input: BankInput): Promise<rows.BankRow> {
  if (!(await rows.findBank(ctx.db, orgId, id))) throw notFound('Bank not found.');
  const values = checked(ctx, input);
  if (values.code && (await rows.bankWithCode(ctx.db, orgId, values.code, id)))
    throw conflict(`A bank with code ${values.code} already exists.`);
  const row = await rows.updateBank(ctx.db, orgId, id, { ...values, updatedAt: ctx.clock.now() });
  if (!row) throw notFound('Bank not found.');
  return row;
}

/** Deletes a bank of the scope. */
export async function deleteBank(ctx: BankContext, orgId: number | null, id: number): Promise<void> {
  if (!(await rows.deleteBank(ctx.db, orgId, id))) throw notFound('Bank not found.');
}
