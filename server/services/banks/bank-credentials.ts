import type { GatewayConfig } from '../../../isomorphic/gateway-config/index.ts';
import { tokensIn } from '../../../isomorphic/template.ts';
import { badRequest } from '../../errors.ts';
import { MASK, isMasked, maskSecret, open, seal } from '../crypto/secret-box.ts';

// A bank has no credential fields of its own: its apiConfig carries them, as `settings` values (read by templates as
// {secrets.config.NAME}) and as literal auth values. Those places are sealed at rest and masked in every answer.
const AUTH_CREDENTIALS = ['token', 'password', 'value'] as const;

/** A bank's credentials by place (`settings.apiKey`, `auth.token`). */
export type BankCredentials = Record<string, string>;

/** A stored bank: its apiConfig with credentials replaced by the mask, and the credentials sealed (null: not yet). */
export interface StoredBankConfig {
  apiConfig: GatewayConfig;
  credentialsSealed: string | null;
}

/** The config with each credential replaced by `replace(place, value)`; the input is left as it was. */
function mapCredentials(config: GatewayConfig, replace: (place: string, value: string) => string): GatewayConfig {
  const copy = structuredClone(config);
  // fromEntries keeps a key such as "__proto__" an ordinary property.
  if (copy.settings)
    copy.settings = Object.fromEntries(Object.entries(copy.settings).map(([name, value]) => [name, replace(`settings.${name}`, value)]));
  const auth = copy.auth;
  if (auth) {
    for (const field of AUTH_CREDENTIALS) {
      const value = auth[field];
      // A template names where its value comes from; only a literal is itself a credential.
      if (value !== undefined && value !== '' && tokensIn(value).length === 0) auth[field] = replace(`auth.${field}`, value);
    }
  }
  return copy;
}

/** Splits a config into what is stored in clear (each credential replaced by the mask) and its credentials. */
export function separateCredentials(config: GatewayConfig): { redacted: GatewayConfig; credentials: BankCredentials } {
  const credentials: BankCredentials = {};
  const redacted = mapCredentials(config, (place, value) => {
    credentials[place] = value;
    return MASK;
  });
  return { redacted, credentials };
}

const storedAt = (credentials: BankCredentials, place: string): string | undefined =>
  Object.hasOwn(credentials, place) ? credentials[place] : undefined;

/** The config with its credentials in place: for the adapter only, never for an answer or a log. */
export function withCredentials(redacted: GatewayConfig, credentials: BankCredentials): GatewayConfig {
  return mapCredentials(redacted, (place, value) => storedAt(credentials, place) ?? value);
}

/** The config as the API shows it: each credential a masked hint. */
export function maskedCredentials(redacted: GatewayConfig, credentials: BankCredentials): GatewayConfig {
  return mapCredentials(redacted, (place, value) => maskSecret(storedAt(credentials, place) ?? value));
}

/** An edited config whose masked credentials keep the stored values; 400 when nothing is stored at a masked place. */
export function restoreMaskedCredentials(config: GatewayConfig, stored: BankCredentials): GatewayConfig {
  return mapCredentials(config, (place, value) => {
    if (!isMasked(value)) return value;
    const kept = storedAt(stored, place);
    if (kept === undefined)
      throw badRequest(`API config ${place} is a masked value with nothing stored behind it: enter the value itself.`);
    return kept;
  });
}

/** Seals a bank's credentials for storage. */
export function sealCredentials(dataKey: Buffer, credentials: BankCredentials): string {
  return seal(dataKey, JSON.stringify(credentials));
}

/** A stored bank's config and credentials; a row stored before credentials were sealed still holds them in clear. */
export function storedCredentials(row: StoredBankConfig, dataKey: Buffer): { redacted: GatewayConfig; credentials: BankCredentials } {
  const config = row.apiConfig;
  if (row.credentialsSealed === null) return separateCredentials(config);
  return { redacted: config, credentials: JSON.parse(open(dataKey, row.credentialsSealed)) as BankCredentials };
}
