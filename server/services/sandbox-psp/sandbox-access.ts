import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { SANDBOX_PSP_PATH, sandboxEntry } from '../../db/provider-catalogue.ts';
import { unauthorized } from '../../errors.ts';
import { authorizationFor } from '../adapter/http-adapter.ts';
import { banksCallingUnder } from '../banks/banks-repository.ts';
import { bankApiConfig } from '../banks/banks-service.ts';
import { gatewaysCallingUnder } from '../gateways/gateways-repository.ts';
import { gatewaySecrets } from '../gateways/gateways-service.ts';
import { registeredUrlsOfPaymentOrganisation } from '../organisations/organisations-repository.ts';
import { NO_CREDENTIALS } from '../payments/payment-verifier.ts';

// Who may use the built-in Sandbox PSP, and where it may send a payer: it runs on this server's own origin, so an
// open door there would lend the server's name to anyone's pay page and redirects.

export interface SandboxAccessContext {
  db: Database;
  dataKey: Buffer;
  publicUrl: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The Authorization headers the gateways and banks set up for the sandbox send it. */
async function configuredAuthorizations(ctx: SandboxAccessContext): Promise<string[]> {
  // A gateway or bank set up for the sandbox calls URLs under its base URL: this server's absolute sandbox URL, or
  // the sandbox's path, which outbound calls resolve against this server's own origin.
  const prefixes = [sandboxEntry(ctx.publicUrl).defaultBaseUrl, SANDBOX_PSP_PATH];
  const [gateways, banks] = await Promise.all([gatewaysCallingUnder(ctx.db, prefixes), banksCallingUnder(ctx.db, prefixes)]);
  const sent = [
    ...gateways.map((gateway) => authorizationFor(gateway.config, gatewaySecrets(gateway, ctx.dataKey))),
    ...banks.map((bank) => authorizationFor(bankApiConfig(bank, ctx.dataKey), NO_CREDENTIALS)),
  ];
  return sent.filter((header): header is string => header !== undefined);
}

/**
 * The merchant's key from `Authorization: Bearer …`, accepted only when a gateway or bank of this server is set up
 * to call the sandbox with it; 401 otherwise.
 */
export async function authorisedSandboxKey(ctx: SandboxAccessContext, authorization: string | undefined): Promise<string> {
  const key = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  if (key) {
    const given = digest(`Bearer ${key}`);
    // Compared with every candidate, so the time taken does not tell which one matched or how far.
    const matches = (await configuredAuthorizations(ctx)).map((header) => timingSafeEqual(digest(header), given));
    if (matches.includes(true)) return key;
  }
  throw unauthorized(
    'Sandbox PSP: send the secret key of a gateway or bank set up for the Sandbox PSP as Authorization: Bearer <secretKey>.',
  );
}

function httpOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the sandbox may send the payer of `reference` back to `url`: only to this server, or to the origin of a URL
 * the payment's organisation registered (its callback or website URL).
 */
export async function isAllowedReturnUrl(ctx: SandboxAccessContext, reference: string, url: string): Promise<boolean> {
  const origin = httpOrigin(url);
  if (origin === undefined) return false;
  const allowed = [ctx.publicUrl, ...(await registeredUrlsOfPaymentOrganisation(ctx.db, reference))].map(httpOrigin);
  return allowed.includes(origin);
}
