// Rules and texts of the Banks screen (docs/console.md#screens "Banks", #entities Bank, #validation Bank, #messages, #constants), free of React so
// they are unit-tested alone.
import type { Bank, Scope } from './api/types.ts';
import { defaultBankApiConfigText } from './bank-api-config.ts';
import { hasErrors, isHttpUrl, type Checked, type FieldErrors } from './field-rules.ts';

// Texts the spec quotes, verbatim.
export const BANKS_TITLE = 'Banks';
export const ORGANISATION_BANKS_TITLE = 'Organisation Banks';
export const BANKS_LOAD_FAILED = 'Failed to load banks';
export const BANK_CREATED = 'Bank created';
export const BANK_SAVED = 'Changes saved';
export const BANK_DELETED = 'Bank deleted';
export const INVALID_API_CONFIG = 'Invalid API config JSON';

// Texts of our own.
export const BANK_CREATE_FAILED = 'Failed to create bank.';
export const BANK_SAVE_FAILED = 'Failed to save bank.';
export const BANK_DELETE_FAILED = 'Failed to delete bank.';
export const LOGO_UPLOAD_FAILED = 'Logo upload failed.';
export const LOGO_TOO_LARGE = 'The logo must be 2 MB or smaller.';
export const LOGO_WRONG_TYPE = 'Choose a PNG, JPEG or GIF image.';
export const CODE_REQUIRED = 'Code is required.';
export const CODE_INVALID = 'Use 1–20 letters, digits, "-" or "_", starting with a letter or digit.';
export const NAME_REQUIRED = 'Name is required.';
export const LOGO_URL_INVALID = 'Logo URL must be an http(s) URL or an uploaded file path.';

/** Longest bank code and name the server accepts. */
export const BANK_CODE_MAX = 20;
/** What the code input takes: room for stray spaces, which are trimmed away. */
export const BANK_CODE_INPUT_MAX = 40;
export const BANK_NAME_MAX = 100;
/** Largest logo the upload endpoint takes. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,19}$/;

/** The screen's heading: 'Banks' for a superadmin (global banks), 'Organisation Banks' otherwise. */
export function banksTitle(scope: Scope): string {
  return scope === 'global' ? BANKS_TITLE : ORGANISATION_BANKS_TITLE;
}

export type BankField = 'code' | 'name' | 'logoUrl' | 'apiConfig';

/** What a bank form holds; the API config is the textarea's text. */
export interface BankFormValues {
  code: string;
  name: string;
  logoUrl: string;
  apiConfig: string;
}

/** What POST and PATCH send. */
export interface BankPayload {
  code: string;
  name: string;
  logoUrl: string | null;
  apiConfig: unknown;
}

/** A new bank's form: blank, with the worked-example API config (the same for both roles, docs/console.md#constants). */
export function newBankForm(): BankFormValues {
  return { code: '', name: '', logoUrl: '', apiConfig: defaultBankApiConfigText() };
}

/** The edit form of an existing bank, its API config pretty-printed. */
export function bankForm(bank: Bank): BankFormValues {
  const config = bank.apiConfig === undefined || bank.apiConfig === null ? {} : bank.apiConfig;
  return { code: bank.code, name: bank.name, logoUrl: bank.logoUrl ?? '', apiConfig: JSON.stringify(config, null, 2) };
}

/** Parses the API config text as JSON. */
export function parseApiConfig(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A logo is an uploaded file's path on this server or an absolute http(s) URL. */
function isLogoUrl(value: string): boolean {
  return (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value);
}

/** The outcome of the form check: what to send, or the problems (with `invalidJson` when the config does not parse). */
export type CheckedBank = Checked<BankPayload, BankField> & { invalidJson: boolean };

/**
 * Checks a bank form (docs/console.md#validation): code trimmed and upper-cased, name trimmed, both required; the API
 * config must parse as JSON ('Invalid API config JSON'). Whether the config passes the adapter's
 * rules is left to the live report and the server, which runs the same validator.
 */
export function checkBankForm(values: BankFormValues): CheckedBank {
  const errors: FieldErrors<BankField> = {};
  const code = values.code.trim().toUpperCase();
  const name = values.name.trim();
  const logoUrl = values.logoUrl.trim();
  if (code === '') errors.code = CODE_REQUIRED;
  else if (!CODE_PATTERN.test(code)) errors.code = CODE_INVALID;
  if (name === '') errors.name = NAME_REQUIRED;
  if (logoUrl !== '' && !isLogoUrl(logoUrl)) errors.logoUrl = LOGO_URL_INVALID;
  const parsed = parseApiConfig(values.apiConfig);
  if (!parsed.ok) errors.apiConfig = INVALID_API_CONFIG;
  if (hasErrors(errors) || !parsed.ok) return { ok: false, errors, invalidJson: !parsed.ok };
  return { ok: true, value: { code, name, logoUrl: logoUrl === '' ? null : logoUrl, apiConfig: parsed.value }, invalidJson: false };
}

/** A bank's timestamp as people read it: '5 Mar 2026, 14:07' (local time); '' when it is not a date. */
export function formatBankTime(iso: string | null | undefined, locale = 'en-GB', timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** Banks in the order the grid shows them: by name, then code. */
export function sortBanks(banks: readonly Bank[]): Bank[] {
  return [...banks].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.code.localeCompare(b.code) || a.id - b.id,
  );
}

/** Whether a chosen logo file can be uploaded; the problem otherwise. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!['image/png', 'image/jpeg', 'image/gif'].includes(file.type)) return LOGO_WRONG_TYPE;
  if (file.size > MAX_LOGO_BYTES) return LOGO_TOO_LARGE;
  return undefined;
}

/** The question asked before a bank is deleted. */
export function deleteBankQuestion(bank: Pick<Bank, 'name' | 'code'>): string {
  return `Are you sure you want to delete the bank ${bank.name} (${bank.code})? This cannot be undone.`;
}

/** A short summary of a config for the card: its base URL and auth type, when it has them. */
export function apiConfigSummary(config: unknown): { baseUrl: string; auth: string } {
  const record = config !== null && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
  const baseUrl = typeof record['baseUrl'] === 'string' ? record['baseUrl'] : '';
  const auth = record['auth'];
  const type =
    auth !== null && typeof auth === 'object' && typeof (auth as Record<string, unknown>)['type'] === 'string'
      ? ((auth as Record<string, unknown>)['type'] as string)
      : 'none';
  return { baseUrl, auth: type };
}
