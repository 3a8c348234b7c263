// Rules of the gateway forms (docs/console.md#entities Gateway, #validation Gateway create/edit, #constants), free of any framework:
// which credentials a provider requires, the starting values, and the form → API payload mapping.
import type { Gateway, GatewayInput, HmacAlgo } from './api/types.ts';
import { hasErrors, isHttpUrl, type FieldErrors } from './field-rules.ts';
import type { ProviderOption } from './gateway-providers.ts';
import { DEFAULT_HMAC_ALGORITHM as DEFAULT_HMAC_ALGO, HMAC_ALGORITHMS } from '../../isomorphic/signing.ts';

/** HMAC algorithms for webhook signatures, sha256 (the default) first. */
export { DEFAULT_HMAC_ALGO, HMAC_ALGORITHMS };
export const MIN_PRIORITY = 1;
export const DEFAULT_PRIORITY = 1;
/** What the server puts in front of the last characters of a stored credential ('••••abcd'). */
export const SECRET_MASK_PREFIX = '••••';

export type CredentialField = 'publicKey' | 'secretKey' | 'webhookSecret';

export const CREDENTIAL_FIELDS: readonly { field: CredentialField; label: string }[] = [
  { field: 'publicKey', label: 'Public Key' },
  { field: 'secretKey', label: 'Secret Key' },
  { field: 'webhookSecret', label: 'Webhook Secret' },
];

/** Texts of docs/console.md#validation gateway rules. */
export const GATEWAY_MESSAGES = {
  providerTitle: 'Provider required',
  provider: 'Please select a payment provider.',
  configTitle: 'Invalid config JSON',
  config: 'Please provide valid JSON in Config.',
  configNotSaved: 'Invalid config JSON. Not saved.',
  name: 'Name is required.',
  priority: `Priority must be a whole number of at least ${MIN_PRIORITY}.`,
  baseUrl: 'Base URL must be an http(s) URL.',
} as const;

export type GatewayField = 'name' | 'provider' | CredentialField | 'baseUrl' | 'hmacAlgo' | 'priority' | 'config';

/** The gateway form as typed (create modal and each card's inline form). */
export interface GatewayFormValues {
  name: string;
  /** Provider name; '' until one is chosen. */
  provider: string;
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
  baseUrl: string;
  hmacAlgo: HmacAlgo;
  sandbox: boolean;
  /** As typed; parsed as a whole number on submit. */
  priority: string;
  /** The config JSON text. */
  config: string;
}

export type GatewayFormErrors = FieldErrors<GatewayField>;

/** Whether a credential value is the server's masked hint (sending it back keeps the stored value). */
export function isMaskedSecret(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK_PREFIX);
}

/** Whether the provider requires a credential (providers without constraints require none). */
export function isCredentialRequired(option: ProviderOption | undefined, field: CredentialField): boolean {
  return option?.required.includes(field) ?? false;
}

/** Whether the provider makes no use of a credential at all (neither required nor optional). */
export function isCredentialUnused(option: ProviderOption | undefined, field: CredentialField): boolean {
  if (!option || (option.required.length === 0 && option.optional.length === 0)) return false;
  return !option.required.includes(field) && !option.optional.includes(field);
}

/** Pretty JSON text of a config object, as the editors show it. */
export function configText(config: unknown): string {
  return config === undefined ? '' : JSON.stringify(config, null, 2);
}

const REQUEST_KEYS = ['method', 'url', 'contentType', 'headers', 'payload', 'timeoutMs', 'response', 'successStatuses', 'failedStatuses'];
const RESPONSE_KEYS = ['format', 'regex', 'providerReference', 'checkoutUrl', 'status', 'template'];
/** The order a person reads a config in, by section (the database hands objects back with its own key order). */
const KEY_ORDER: Record<string, readonly string[]> = {
  '': ['baseUrl', 'headers', 'settings', 'auth', 'webhook', 'init', 'verify'],
  auth: ['type', 'tokenFrom', 'token', 'headerName', 'value', 'username', 'password'],
  webhook: [
    'signatureHeader',
    'headerNames',
    'stripPrefix',
    'encoding',
    'allowUnsigned',
    'regex',
    'reference',
    'status',
    'providerReference',
    'successStatuses',
    'failedStatuses',
  ],
  init: REQUEST_KEYS,
  verify: REQUEST_KEYS,
  'init.response': RESPONSE_KEYS,
  'verify.response': RESPONSE_KEYS,
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function ordered(value: Record<string, unknown>, section: string): Record<string, unknown> {
  const keys = Object.keys(value);
  const known = (KEY_ORDER[section] ?? []).filter((key) => keys.includes(key));
  const result: Record<string, unknown> = {};
  for (const key of [...known, ...keys.filter((key) => !known.includes(key))]) {
    const child = value[key];
    const childSection = section === '' ? key : `${section}.${key}`;
    result[key] = isPlainObject(child) && KEY_ORDER[childSection] ? ordered(child, childSection) : child;
  }
  return result;
}

/** A config with its sections and their fields in reading order (baseUrl, auth, webhook, init, verify); values unchanged. */
export function readableConfig(config: unknown): unknown {
  return isPlainObject(config) ? ordered(config, '') : config;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

/** Whether two JSON values are equal, whatever the order of their object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
}

/** A small config that passes the validator, for providers without a sample: edit the paths to the PSP's API. */
export function minimalConfigTemplate(baseUrl: string | null | undefined): Record<string, unknown> {
  return {
    baseUrl: baseUrl?.trim() || 'https://api.psp.example',
    auth: { type: 'bearer', tokenFrom: 'secretKey' },
    webhook: { signatureHeader: 'X-Signature', encoding: 'hex', reference: 'reference', status: 'status' },
    init: {
      method: 'POST',
      url: '/payments',
      payload: {
        amount: '{amount}',
        currency: '{currency}',
        reference: '{reference}',
        email: '{customer.email}',
        callbackUrl: '{callbackUrl}',
        notificationUrl: '{notificationUrl}',
      },
      response: { providerReference: 'id', checkoutUrl: 'checkoutUrl' },
    },
    verify: {
      method: 'GET',
      url: '/payments/{reference}',
      response: { status: 'status' },
      successStatuses: ['success', 'paid', 'completed'],
    },
  };
}

/** The config a new gateway of this provider starts with: its sample config, else the minimal template. */
export function startingConfigText(option: ProviderOption | undefined): string {
  if (!option) return '';
  const sample = option.sampleConfig;
  const usable = sample !== null && typeof sample === 'object' && !Array.isArray(sample);
  return configText(usable ? sample : minimalConfigTemplate(option.defaultBaseUrl));
}

/** The empty Create Gateway form: priority 1, sha256 (docs/console.md#validation, #constants). */
export const EMPTY_GATEWAY_FORM: GatewayFormValues = {
  name: '',
  provider: '',
  publicKey: '',
  secretKey: '',
  webhookSecret: '',
  baseUrl: '',
  hmacAlgo: DEFAULT_HMAC_ALGO,
  sandbox: false,
  priority: String(DEFAULT_PRIORITY),
  config: '',
};

/**
 * The create form after choosing another provider: the config and HMAC algorithm follow the provider
 * unless the user already changed them (a typed config is never thrown away).
 */
export function withProvider(
  values: GatewayFormValues,
  next: ProviderOption | undefined,
  previous: ProviderOption | undefined,
): GatewayFormValues {
  const configUntouched = values.config.trim() === '' || values.config === startingConfigText(previous);
  const algoUntouched = values.hmacAlgo === (previous?.hmacAlgo ?? DEFAULT_HMAC_ALGO);
  return {
    ...values,
    provider: next?.name ?? '',
    config: configUntouched ? startingConfigText(next) : values.config,
    hmacAlgo: algoUntouched ? (next?.hmacAlgo ?? DEFAULT_HMAC_ALGO) : values.hmacAlgo,
  };
}

/** A card's form for a saved gateway: credentials show the masks the server sent. */
export function valuesFromGateway(gateway: Gateway): GatewayFormValues {
  return {
    name: gateway.name,
    provider: gateway.provider,
    publicKey: gateway.publicKey ?? '',
    secretKey: gateway.secretKey ?? '',
    webhookSecret: gateway.webhookSecret ?? '',
    baseUrl: gateway.baseUrl ?? '',
    hmacAlgo: gateway.hmacAlgo,
    sandbox: gateway.sandbox,
    priority: String(gateway.priority),
    config: configText(readableConfig(gateway.config ?? {})),
  };
}

/** A priority typed as text: a whole number of at least 1. */
export function parsePriority(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\+?\d+$/.test(text)) return undefined;
  const value = Number.parseInt(text, 10);
  return Number.isSafeInteger(value) && value >= MIN_PRIORITY ? value : undefined;
}

/** The config text parsed as a JSON object, or undefined when it is not one. */
export function parseConfigObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export type GatewayFormMode = 'create' | 'edit';

export type CheckedGateway =
  { ok: true; input: GatewayInput & { name: string; config: Record<string, unknown> } } | { ok: false; errors: GatewayFormErrors };

function credentialPayload(value: string, mode: GatewayFormMode): string | null | undefined {
  const text = value.trim();
  if (text !== '') return text; // a mask sent back unchanged keeps the stored value
  return mode === 'create' ? undefined : null; // blank clears a stored credential
}

/**
 * Checks a gateway form and builds what is sent: POST for 'create' (provider required, blanks left
 * out), PATCH for 'edit' (every field, masks unchanged, blank credentials and base URL cleared).
 */
export function checkGatewayForm(values: GatewayFormValues, mode: GatewayFormMode, option: ProviderOption | undefined): CheckedGateway {
  const errors: GatewayFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = GATEWAY_MESSAGES.name;
  if (mode === 'create' && values.provider.trim() === '') errors.provider = GATEWAY_MESSAGES.provider;
  for (const { field, label } of CREDENTIAL_FIELDS) {
    if (isCredentialRequired(option, field) && values[field].trim() === '') {
      errors[field] = `${label} is required by ${option?.displayName ?? 'this provider'}.`;
    }
  }
  const baseUrl = values.baseUrl.trim();
  if (baseUrl !== '' && !isHttpUrl(baseUrl)) errors.baseUrl = GATEWAY_MESSAGES.baseUrl;
  const priority = parsePriority(values.priority);
  if (priority === undefined) errors.priority = GATEWAY_MESSAGES.priority;
  const config = parseConfigObject(values.config);
  if (!config) errors.config = GATEWAY_MESSAGES.config;
  if (hasErrors(errors) || priority === undefined || !config) return { ok: false, errors };

  const input: GatewayInput & { name: string; config: Record<string, unknown> } = { name, config };
  if (mode === 'create') input.provider = values.provider.trim();
  for (const { field } of CREDENTIAL_FIELDS) {
    const value = credentialPayload(values[field], mode);
    if (value !== undefined) input[field] = value;
  }
  if (baseUrl !== '') input.baseUrl = baseUrl;
  else if (mode === 'edit') input.baseUrl = null;
  input.hmacAlgo = values.hmacAlgo;
  input.sandbox = values.sandbox;
  input.priority = priority;
  return { ok: true, input };
}

/** Whether a card's form differs from the saved gateway (config compared as JSON, not as text). */
export function isGatewayFormDirty(values: GatewayFormValues, gateway: Gateway): boolean {
  const saved = valuesFromGateway(gateway);
  const fields = ['name', 'publicKey', 'secretKey', 'webhookSecret', 'baseUrl', 'hmacAlgo', 'sandbox'] as const;
  if (fields.some((field) => values[field] !== saved[field])) return true;
  if (parsePriority(values.priority) !== gateway.priority) return true;
  const config = parseConfigObject(values.config);
  return config === undefined || !sameJson(config, gateway.config ?? {});
}
