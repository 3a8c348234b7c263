/**
 * The one masking rule of the audit trail: a value under a secret-looking field name (password, token, secret, key,
 * credential…), or one that looks like a credential itself (an API token, a JWT), is never stored. It becomes "••••",
 * followed by its last 4 characters when it is long enough that they give nothing away and the field is not a
 * password. Objects and arrays under a secret field are masked leaf by leaf, so their shape stays readable.
 */

export const MASK = '••••';

const SECRET_FIELD =
  /pass(word)?|secret|token|credential|private|api[-_]?key|(^|[-_a-z])key$|^key|signature|recovery|hash|cvv|sealed|encrypted/i;
const PASSWORD_FIELD = /pass(word)?|hash|recovery|cvv|sealed|encrypted/i;
const CREDENTIAL_VALUE = /^(prt_|sk_|rk_|whsec_)|^eyJ[\w-]+\.[\w-]+\.[\w-]+$/;
/** Shorter secrets are masked whole: their last 4 characters would be too much of them. */
const SHOW_TAIL_FROM = 16;

/** Whether a field of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

function maskedLeaf(value: unknown, showTail: boolean): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  if (typeof value === 'string' && showTail && value.length >= SHOW_TAIL_FROM) return `${MASK}${value.slice(-4)}`;
  return MASK;
}

function maskSecret(value: unknown, field: string): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return MASK;
  if (Array.isArray(value)) return value.map((item) => maskSecret(item, field));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskSecret(inner, key)]));
  }
  return maskedLeaf(value, !PASSWORD_FIELD.test(field));
}

/** `value` with every secret in it masked; `field` is the name it is stored under. */
export function maskValue(value: unknown, field = ''): unknown {
  if (value instanceof Date) return value.toISOString();
  // Bytes are sealed secrets or files: never shown, whatever the field is called.
  if (value instanceof Uint8Array) return MASK;
  if (field && isSecretField(field)) return maskSecret(value, field);
  if (typeof value === 'string') return CREDENTIAL_VALUE.test(value) ? maskedLeaf(value, true) : value;
  if (Array.isArray(value)) return value.map((item) => maskValue(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskValue(inner, key)]));
  }
  return value;
}
