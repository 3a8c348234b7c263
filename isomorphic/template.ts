// Template tokens of gateway and bank configs (docs/console.md#entities, docs/decisions.md#payments): `{name}` in URLs and payloads.

/** Token names every config may use; `meta.*` and `secrets.config.*` take any sub-path. */
export const TEMPLATE_TOKENS = [
  'amount',
  'amountMinor',
  'currency',
  'reference',
  'providerReference',
  'callbackUrl',
  'notificationUrl',
  'customer.email',
  'customer.name',
  'customer.phone',
  'secrets.publicKey',
  'secrets.secretKey',
] as const;
/**
 * Tokens filled in only for the `refund` operation (docs/refunds.md): the refund, and the payment it refunds by name
 * (in a refund, the plain payment tokens still name the payment too).
 */
export const REFUND_TEMPLATE_TOKENS = [
  'refund.amount',
  'refund.amountMinor',
  'refund.currency',
  'refund.reference',
  'refund.reason',
  'refund.providerReference',
  'payment.reference',
  'payment.providerReference',
  'payment.amount',
  'payment.amountMinor',
] as const;
const TOKEN_PREFIXES = ['meta.', 'secrets.config.'];

const TOKEN_PATTERN = /\{([A-Za-z][\w]*(?:\.[\w-]+)*)\}/g;
const EXACT_TOKEN = /^\{([A-Za-z][\w]*(?:\.[\w-]+)*)\}$/;

export type TemplateValue = string | number | boolean | null | undefined | { [key: string]: TemplateValue };
export type TemplateValues = { [key: string]: TemplateValue };

/** Whether a token name exists (the refund tokens only where `inRefund`: the refund block). */
export function isKnownToken(name: string, inRefund = false): boolean {
  return (
    (TEMPLATE_TOKENS as readonly string[]).includes(name) ||
    (inRefund && (REFUND_TEMPLATE_TOKENS as readonly string[]).includes(name)) ||
    TOKEN_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length)
  );
}

/** Every token named in a string. */
export function tokensIn(text: string): string[] {
  return [...text.matchAll(TOKEN_PATTERN)].map((match) => match[1] ?? '');
}

/** The value of a dotted token name, or undefined. */
export function lookupToken(values: TemplateValues, name: string): TemplateValue {
  let current: TemplateValue = values;
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[part];
  }
  return current;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** How replaced text is escaped: none, for XML bodies, or for URL parts. */
export type Escaping = 'none' | 'xml' | 'url';

function asText(value: TemplateValue): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Replaces every token in a string with its value as text (missing values become empty). */
export function renderText(template: string, values: TemplateValues, escaping: Escaping = 'none'): string {
  return template.replace(TOKEN_PATTERN, (_match, name: string) => {
    const text = asText(lookupToken(values, name));
    if (escaping === 'xml') return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
    if (escaping === 'url') return encodeURIComponent(text);
    return text;
  });
}

/**
 * Renders a JSON payload: a string that is exactly one token takes the token's typed value
 * (a number stays a number); other strings get their tokens replaced as text.
 */
export function renderJson(payload: unknown, values: TemplateValues): unknown {
  if (typeof payload === 'string') {
    const exact = EXACT_TOKEN.exec(payload);
    if (exact?.[1]) return lookupToken(values, exact[1]) ?? null;
    return renderText(payload, values);
  }
  if (Array.isArray(payload)) return payload.map((item) => renderJson(item, values));
  if (payload !== null && typeof payload === 'object') {
    return Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, renderJson(value, values)]));
  }
  return payload;
}

/** Every string inside a JSON value, with its JSON-pointer path (for token checks). */
export function stringsIn(value: unknown, path = ''): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}/${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return [];
}
