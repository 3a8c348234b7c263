// Rules and texts of the Payment Providers screen (docs/console.md#screens "Payment Providers", #entities Provider, #states, #messages, #constants),
// free of React so they are unit-tested alone.
import type { HmacAlgo, Provider, ProviderInput } from './api/types.ts';
import { hasErrors, isHttpUrl, type Checked, type FieldErrors } from './field-rules.ts';
import { DEFAULT_HMAC_ALGORITHM } from '../../isomorphic/signing.ts';

// Texts the spec quotes, verbatim.
export const PROVIDERS_TITLE = 'Payment Providers';
export const PROVIDERS_LOAD_FAILED = 'Failed to load providers';
export const PROVIDER_CREATED = 'Provider created';
export const PROVIDER_REMOVED = 'Provider removed';

// Texts of our own.
export const PROVIDER_CREATE_FAILED = 'Failed to create provider.';
export const PROVIDER_REMOVE_FAILED = 'Failed to remove provider.';
export const NAME_REQUIRED = 'Name is required.';
export const NAME_INVALID = 'Use 2–50 lower-case letters, digits or "-", starting with a letter or digit.';
export const BASE_URL_INVALID = 'Default base URL must be an http(s) URL.';

/** Credentials a provider can ask a gateway for (the server accepts exactly these). */
export const CREDENTIAL_FIELDS = ['secretKey', 'publicKey', 'webhookSecret', 'baseUrl', 'sandbox'] as const;
export type Credential = (typeof CREDENTIAL_FIELDS)[number];

/** How each credential is labelled on the form. */
export const CREDENTIAL_LABELS: Record<Credential, string> = {
  secretKey: 'Secret key',
  publicKey: 'Public key',
  webhookSecret: 'Webhook secret',
  baseUrl: 'Base URL',
  sandbox: 'Sandbox flag',
};

/** Statuses counted as paid when a provider names none (docs/console.md#states, #constants). */
export const DEFAULT_SUCCESS_STATUSES: readonly string[] = ['success', 'paid', 'completed'];

/** Longest slug the server accepts. */
export const PROVIDER_NAME_MAX = 50;
const NAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,49}$/;

export type ProviderField = 'name' | 'displayName' | 'defaultBaseUrl' | 'successStatuses' | 'webhookHeaderName' | 'outboundHeaderName';

/** What the Add-provider form holds. */
export interface ProviderFormValues {
  name: string;
  displayName: string;
  defaultBaseUrl: string;
  constraintsRequired: Credential[];
  constraintsOptional: Credential[];
  /** Comma-separated, as typed. */
  successStatuses: string;
  webhookHeaderName: string;
  outboundHeaderName: string;
  hmacAlgo: HmacAlgo;
  notes: string;
}

/** The empty form: the documented example's credentials (secretKey, publicKey, webhookSecret; baseUrl and sandbox optional). */
export const EMPTY_PROVIDER_FORM: ProviderFormValues = {
  name: '',
  displayName: '',
  defaultBaseUrl: '',
  constraintsRequired: ['secretKey', 'publicKey', 'webhookSecret'],
  constraintsOptional: ['baseUrl', 'sandbox'],
  successStatuses: DEFAULT_SUCCESS_STATUSES.join(', '),
  webhookHeaderName: '',
  outboundHeaderName: '',
  hmacAlgo: DEFAULT_HMAC_ALGORITHM,
  notes: '',
};

/** A provider slug as typed: lower-cased, inner spaces and underscores become '-', anything else dropped. */
export function providerNameInput(raw: string): string {
  return raw
    .trimStart()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, PROVIDER_NAME_MAX);
}

/** A comma-separated list as entered: trimmed, blanks dropped, duplicates (ignoring case) removed. */
export function parseStatusList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const value = part.trim();
    if (value === '' || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    out.push(value);
  }
  return out;
}

function inOrder(list: readonly Credential[]): Credential[] {
  return CREDENTIAL_FIELDS.filter((field) => list.includes(field));
}

/**
 * Ticks or unticks a credential in the required or optional list. A credential is never both:
 * ticking it in one list takes it out of the other.
 */
export function setCredential(
  values: ProviderFormValues,
  list: 'required' | 'optional',
  credential: Credential,
  checked: boolean,
): ProviderFormValues {
  const required = values.constraintsRequired.filter((field) => field !== credential);
  const optional = values.constraintsOptional.filter((field) => field !== credential);
  if (checked) (list === 'required' ? required : optional).push(credential);
  return { ...values, constraintsRequired: inOrder(required), constraintsOptional: inOrder(optional) };
}

const trimmedOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** Checks the form and builds the POST /psp body; blank optional fields are left to the server's defaults. */
export function checkProviderForm(values: ProviderFormValues): Checked<ProviderInput, ProviderField> {
  const errors: FieldErrors<ProviderField> = {};
  const name = values.name.trim().toLowerCase();
  if (name === '') errors.name = NAME_REQUIRED;
  else if (!NAME_PATTERN.test(name)) errors.name = NAME_INVALID;
  const baseUrl = values.defaultBaseUrl.trim();
  if (baseUrl !== '' && (!isHttpUrl(baseUrl) || /\s/.test(baseUrl))) errors.defaultBaseUrl = BASE_URL_INVALID;
  if (hasErrors(errors)) return { ok: false, errors };

  const statuses = parseStatusList(values.successStatuses);
  const input: ProviderInput = {
    name,
    constraintsRequired: inOrder(values.constraintsRequired),
    constraintsOptional: inOrder(values.constraintsOptional.filter((field) => !values.constraintsRequired.includes(field))),
    successStatuses: statuses.length > 0 ? statuses : [...DEFAULT_SUCCESS_STATUSES],
    hmacAlgo: values.hmacAlgo,
  };
  const displayName = values.displayName.trim();
  if (displayName !== '') input.displayName = displayName;
  if (baseUrl !== '') input.defaultBaseUrl = baseUrl;
  const webhookHeaderName = trimmedOrNull(values.webhookHeaderName);
  if (webhookHeaderName) input.webhookHeaderName = webhookHeaderName;
  const outboundHeaderName = trimmedOrNull(values.outboundHeaderName);
  if (outboundHeaderName) input.outboundHeaderName = outboundHeaderName;
  const notes = trimmedOrNull(values.notes);
  if (notes) input.notes = notes;
  return { ok: true, value: input };
}

/** Providers in the order the list shows them: the built-in ones first, then by display name. */
export function sortProviders<P extends Pick<Provider, 'builtIn' | 'displayName' | 'name'>>(providers: readonly P[]): P[] {
  return [...providers].sort(
    (a, b) =>
      Number(b.builtIn) - Number(a.builtIn) ||
      (a.displayName || a.name).localeCompare(b.displayName || b.name, 'en', { sensitivity: 'base' }) ||
      a.name.localeCompare(b.name),
  );
}

/** The question asked before a provider is removed. */
export function removeProviderQuestion(provider: Pick<Provider, 'name' | 'displayName'>): string {
  const label =
    provider.displayName && provider.displayName !== provider.name ? `${provider.displayName} (${provider.name})` : provider.name;
  return `Are you sure you want to remove the provider ${label}? Gateways can no longer be created for it.`;
}
