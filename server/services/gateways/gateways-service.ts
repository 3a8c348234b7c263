import type { Static } from 'typebox';
import { changesBetween, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../audit/audit-service.ts';
import type { Gateway, UpdateGatewayBody } from '../../../isomorphic/schemas/gateways.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { validateGatewayConfig, type GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import { isHmacAlgorithm } from '../../../isomorphic/signing.ts';
import { isMasked, maskSecret, open, seal } from '../crypto/secret-box.ts';
import { assertAllowedTargetSyntax, type TargetPolicy } from '../adapter/target-guard.ts';
import { findProvider, findProviderByName } from '../providers/providers-repository.ts';
import * as rows from './gateways-repository.ts';

export interface GatewayContext {
  db: Database;
  clock: Clock;
  dataKey: Buffer;
  targets: TargetPolicy;
}

/** A gateway create or edit as the API takes it. */
export type GatewayInput = Static<typeof UpdateGatewayBody>;

/** The gateway as the API shows it (isomorphic/schemas/gateways.ts). */
export type PublicGateway = Static<typeof Gateway>;

const masked = (dataKey: Buffer, sealed: string | null) => (sealed ? maskSecret(open(dataKey, sealed)) : null);

/** The gateway as the API shows it: credentials only as masked hints. */
export function toPublicGateway(row: rows.GatewayRow, dataKey: Buffer): PublicGateway {
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    provider: row.providerName,
    providerId: row.providerId,
    providerDisplayName: row.providerDisplayName,
    publicKey: masked(dataKey, row.publicKeySealed),
    secretKey: masked(dataKey, row.secretKeySealed),
    webhookSecret: masked(dataKey, row.webhookSecretSealed),
    baseUrl: row.baseUrl,
    hmacAlgo: row.hmacAlgo,
    sandbox: row.sandbox,
    priority: row.priority,
    enabled: row.enabled,
    config: row.config,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A credential write: undefined or the mask keeps the stored value, blank clears it, text replaces it. */
function credential(dataKey: Buffer, value: string | null | undefined): string | null | undefined {
  if (value === undefined || (typeof value === 'string' && isMasked(value))) return undefined;
  if (value === null || value.trim() === '') return null;
  return seal(dataKey, value.trim());
}

/** Checks a config with the shared validator; 400 lists every error. */
export function assertValidConfig(config: unknown, label = 'Config'): GatewayConfig {
  const report = validateGatewayConfig(config);
  if (!report.valid || !report.config) throw badRequest(`${label} is invalid: ${report.errors.map((issue) => issue.message).join(' ')}`);
  return report.config;
}

async function resolveProviderId(db: Database, provider: string | number | undefined): Promise<number> {
  if (provider === undefined || provider === '') throw badRequest('Please select a payment provider.');
  const found = typeof provider === 'number' ? await findProvider(db, provider) : await findProviderByName(db, provider);
  if (!found) throw badRequest(`Unknown provider: ${provider}.`);
  return found.id;
}

function checkedFields(ctx: GatewayContext, input: GatewayInput): Partial<rows.GatewayInsert> {
  const values: Partial<rows.GatewayInsert> = {};
  if (input.name !== undefined) {
    values.name = input.name.trim();
    if (values.name === '') throw badRequest('Gateway name is required.');
  }
  if (input.priority !== undefined) {
    if (!Number.isInteger(input.priority) || input.priority < 1) throw badRequest('Priority must be a whole number of at least 1.');
    values.priority = input.priority;
  }
  if (input.hmacAlgo !== undefined) {
    if (!isHmacAlgorithm(input.hmacAlgo)) throw badRequest('hmacAlgo must be sha256, sha1 or sha512.');
    values.hmacAlgo = input.hmacAlgo;
  }
  if (input.baseUrl !== undefined) {
    const baseUrl = input.baseUrl?.trim() || null;
    if (baseUrl) assertAllowedTargetSyntax(baseUrl, ctx.targets);
    values.baseUrl = baseUrl;
  }
  if (input.config !== undefined) {
    const config = assertValidConfig(input.config);
    assertAllowedTargetSyntax(config.baseUrl, ctx.targets);
    values.config = config;
  }
  if (input.sandbox !== undefined) values.sandbox = input.sandbox;
  if (input.enabled !== undefined) values.enabled = input.enabled;
  const publicKey = credential(ctx.dataKey, input.publicKey);
  const secretKey = credential(ctx.dataKey, input.secretKey);
  const webhookSecret = credential(ctx.dataKey, input.webhookSecret);
  if (publicKey !== undefined) values.publicKeySealed = publicKey;
  if (secretKey !== undefined) values.secretKeySealed = secretKey;
  if (webhookSecret !== undefined) values.webhookSecretSealed = webhookSecret;
  return values;
}

/** The gateways of a scope (null = global), by priority. */
export async function listGateways(ctx: GatewayContext, orgId: number | null): Promise<PublicGateway[]> {
  return (await rows.listGateways(ctx.db, orgId)).map((row) => toPublicGateway(row, ctx.dataKey));
}

async function mustFind(ctx: GatewayContext, orgId: number | null, id: number): Promise<rows.GatewayRow> {
  const row = await rows.findGateway(ctx.db, orgId, id);
  if (!row) throw notFound('Gateway not found.');
  return row;
}

/** Creates a gateway in a scope; nothing is saved unless the whole input is valid. */
export async function createGateway(
  ctx: GatewayContext,
  orgId: number | null,
  input: GatewayInput,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<PublicGateway> {
  const providerId = await resolveProviderId(ctx.db, input.provider);
  if (input.config === undefined) throw badRequest('Please provide valid JSON in Config.');
  const values = checkedFields(ctx, { priority: 1, hmacAlgo: 'sha256', ...input });
  const { config } = values;
  if (config === undefined) throw badRequest('Please provide valid JSON in Config.');
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await rows.insertGateway(tx, {
      name: values.name ?? '',
      config,
      ...values,
      orgId,
      providerId,
      createdAt: now,
      updatedAt: now,
    });
    const changes = changesBetween(null, { ...values, providerId });
    await recordAudit(tx, ctx.clock, actor, { action: 'gateway.create', targetType: 'gateway', targetId: inserted, orgId, changes });
    return inserted;
  });
  return toPublicGateway(await mustFind(ctx, orgId, id), ctx.dataKey);
}

/** Edits a gateway of the scope (masked credentials keep their stored values). */
export async function updateGateway(
  ctx: GatewayContext,
  orgId: number | null,
  id: number,
  input: GatewayInput,
  actor: AuditActor,
): Promise<PublicGateway> {
  const before = await mustFind(ctx, orgId, id);
  const values = checkedFields(ctx, input);
  if (input.provider !== undefined) values.providerId = await resolveProviderId(ctx.db, input.provider);
  await ctx.db.transaction(async (tx) => {
    await rows.updateGateway(tx, orgId, id, { ...values, updatedAt: ctx.clock.now() });
    const changes = changesBetween(before, values, Object.keys(values));
    await recordAudit(tx, ctx.clock, actor, { action: 'gateway.update', targetType: 'gateway', targetId: id, orgId, changes });
  });
  return toPublicGateway(await mustFind(ctx, orgId, id), ctx.dataKey);
}

/** Deletes a gateway of the scope. */
export async function deleteGateway(ctx: GatewayContext, orgId: number | null, id: number, actor: AuditActor): Promise<void> {
  const before = await mustFind(ctx, orgId, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await rows.deleteGateway(tx, orgId, id))) throw notFound('Gateway not found.');
    const changes = changesBetween({ name: before.name, providerId: before.providerId }, null);
    await recordAudit(tx, ctx.clock, actor, { action: 'gateway.delete', targetType: 'gateway', targetId: id, orgId, changes });
  });
}

/** A gateway's decrypted credentials, for the adapter only (never sent to clients); each decrypted when first read. */
export function gatewaySecrets(row: rows.GatewayRow, dataKey: Buffer): { publicKey: string; secretKey: string; webhookSecret: string } {
  const reveal = (sealed: string | null) => (sealed ? open(dataKey, sealed) : '');
  return {
    get publicKey() {
      return reveal(row.publicKeySealed);
    },
    get secretKey() {
      return reveal(row.secretKeySealed);
    },
    get webhookSecret() {
      return reveal(row.webhookSecretSealed);
    },
  };
}
