import type { Clock } from '../../clock.ts';
import { changesBetween, recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { validateGatewayConfig, type GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import type { HmacAlgorithm } from '../../../isomorphic/signing.ts';
import * as rows from './providers-repository.ts';

export interface ProviderInput {
  name: string;
  displayName?: string | undefined;
  defaultBaseUrl?: string | null | undefined;
  constraintsRequired?: string[] | undefined;
  constraintsOptional?: string[] | undefined;
  notes?: string | null | undefined;
  successStatuses?: string[] | undefined;
  verifySuccessStatuses?: string[] | undefined;
  webhookHeaderName?: string | null | undefined;
  outboundHeaderName?: string | null | undefined;
  hmacAlgo?: HmacAlgorithm | undefined;
  sampleInbound?: string | null | undefined;
  sampleOutbound?: string | null | undefined;
  sampleConfig?: unknown;
}

export const DEFAULT_SUCCESS_STATUSES = ['success', 'paid', 'completed'];
const CREDENTIALS = ['secretKey', 'publicKey', 'webhookSecret', 'baseUrl', 'sandbox'];

const cleanList = (values: string[] | undefined) => [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))];

/** The provider path segment of bank callbacks (`/api/webhooks/psp/bank`); no provider may take this name. */
export const BANK_CALLBACK_PROVIDER = 'bank';

/** Adds a provider to the catalogue (slug lower-cased and unique; sample config validated). */
export async function createProvider(db: Database, clock: Clock, input: ProviderInput, actor: AuditActor): Promise<rows.ProviderRow> {
  const name = input.name.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{1,49}$/.test(name))
    throw badRequest('Provider name must be 2–50 lower-case letters, digits or "-" (it is used in webhook URLs).');
  if (name === BANK_CALLBACK_PROVIDER)
    throw badRequest(
      `"${BANK_CALLBACK_PROVIDER}" is reserved: /api/webhooks/psp/${BANK_CALLBACK_PROVIDER} receives bank checkout callbacks.`,
    );
  const required = cleanList(input.constraintsRequired);
  const optional = cleanList(input.constraintsOptional);
  const unknown = [...required, ...optional].filter((field) => !CREDENTIALS.includes(field));
  if (unknown.length > 0) throw badRequest(`Unknown constraint ${unknown.join(', ')}; use ${CREDENTIALS.join(', ')}.`);
  if (input.defaultBaseUrl && !/^https?:\/\/\S+$/i.test(input.defaultBaseUrl)) throw badRequest('Default base URL must be an http(s) URL.');
  let sampleConfig: GatewayConfig | null = null;
  if (input.sampleConfig !== undefined && input.sampleConfig !== null) {
    const report = validateGatewayConfig(input.sampleConfig);
    if (!report.valid) throw badRequest(`Sample config is invalid: ${report.errors.map((issue) => issue.message).join(' ')}`);
    sampleConfig = report.config ?? null;
  }
  if (await rows.findProviderByName(db, name)) throw conflict(`A provider named ${name} already exists.`);
  const now = clock.now();
  try {
    const values = {
      name,
      displayName: input.displayName?.trim() || name,
      defaultBaseUrl: input.defaultBaseUrl?.trim() || null,
      constraintsRequired: required,
      constraintsOptional: optional,
      notes: input.notes?.trim() || null,
      successStatuses: cleanList(input.successStatuses).length > 0 ? cleanList(input.successStatuses) : DEFAULT_SUCCESS_STATUSES,
      verifySuccessStatuses: cleanList(input.verifySuccessStatuses),
      webhookHeaderName: input.webhookHeaderName?.trim() || null,
      outboundHeaderName: input.outboundHeaderName?.trim() || null,
      hmacAlgo: input.hmacAlgo ?? 'sha256',
      sampleInbound: input.sampleInbound ?? null,
      sampleOutbound: input.sampleOutbound ?? null,
      sampleConfig,
    };
    return await db.transaction(async (tx) => {
      const provider = await rows.insertProvider(tx, { ...values, createdAt: now, updatedAt: now });
      const changes = changesBetween(null, values);
      await recordAudit(tx, clock, actor, {
        action: 'provider.create',
        targetType: 'provider',
        targetId: provider.id,
        orgId: null,
        changes,
      });
      return provider;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A provider named ${name} already exists.`);
    throw error;
  }
}

/** The provider catalogue. */
export function listProviderCatalogue(db: Database): Promise<rows.ProviderRow[]> {
  return rows.listProviders(db);
}

/** Removes a provider no gateway uses; the built-in sandbox stays. */
export async function removeProvider(db: Database, clock: Clock, id: number, actor: AuditActor): Promise<void> {
  const provider = await rows.findProvider(db, id);
  if (!provider) throw notFound('Provider not found.');
  if (provider.builtIn) throw conflict('The built-in Sandbox PSP cannot be removed.');
  const inUse = await rows.gatewaysUsingProvider(db, id);
  if (inUse > 0) throw conflict(`This provider is used by ${inUse} gateway${inUse === 1 ? '' : 's'}; delete them first.`);
  await db.transaction(async (tx) => {
    await rows.deleteProvider(tx, id);
    const changes = changesBetween({ name: provider.name, displayName: provider.displayName }, null);
    await recordAudit(tx, clock, actor, { action: 'provider.delete', targetType: 'provider', targetId: id, orgId: null, changes });
  });
}

/** Provider constraints keyed by provider name (what the gateway form asks for). */
export async function providerConstraints(db: Database) {
  const all = await rows.listProviders(db);
  return Object.fromEntries(
    all.map((provider) => [
      provider.name,
      { required: provider.constraintsRequired, optional: provider.constraintsOptional, defaultBaseUrl: provider.defaultBaseUrl },
    ]),
  );
}
