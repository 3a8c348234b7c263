import { isKnownToken, stringsIn, tokensIn } from '../template.ts';

export interface ConfigIssue {
  /** JSON pointer of the offending value ('' for the whole config). */
  path: string;
  message: string;
}

export const AUTH_TYPES = ['bearer', 'basic', 'header', 'none'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const RESPONSE_FORMATS = ['json', 'xml', 'text'] as const;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

type RequestKey = 'init' | 'verify' | 'refund' | 'refund.verify';

const MISSING_REQUEST: Record<RequestKey, string> = {
  init: 'init is required, with method and url.',
  verify: 'verify is required, with method and url (use {reference}).',
  refund: 'refund must be an object with method and url.',
  'refund.verify': 'refund.verify must be an object with method and url (use {refund.providerReference}).',
};

function checkRequest(request: unknown, key: RequestKey, errors: ConfigIssue[]): void {
  const at = `/${key.replace('.', '/')}`;
  if (!isObject(request)) {
    errors.push({ path: at, message: MISSING_REQUEST[key] });
    return;
  }
  const method = text(request['method']).toUpperCase();
  if (!method) errors.push({ path: `${at}/method`, message: `${key}.method is required.` });
  else if (!(HTTP_METHODS as readonly string[]).includes(method))
    errors.push({ path: `${at}/method`, message: `${key}.method must be one of ${HTTP_METHODS.join(', ')}.` });
  const url = text(request['url']);
  if (!url) errors.push({ path: `${at}/url`, message: `${key}.url is required.` });
  else if (key === 'verify' && !url.includes('{reference}') && !url.includes('{providerReference}'))
    errors.push({ path: '/verify/url', message: 'verify.url must contain {reference}.' });
  // A refund verify names the refund it asks about: the PSP's reference, or Payrail's own.
  else if (key === 'refund.verify' && !url.includes('{refund.providerReference}') && !url.includes('{refund.reference}'))
    errors.push({
      path: '/refund/verify/url',
      message: 'refund.verify.url must contain {refund.providerReference} or {refund.reference}.',
    });
  const response = request['response'];
  if (isObject(response)) {
    const format = text(response['format']);
    if (format && !(RESPONSE_FORMATS as readonly string[]).includes(format))
      errors.push({ path: `${at}/response/format`, message: `${key}.response.format must be json, xml or text.` });
    const regexMode = format === 'xml' || format === 'text' || response['regex'] === true;
    for (const field of ['providerReference', 'checkoutUrl', 'status', 'message']) {
      const locator = response[field];
      if (regexMode && typeof locator === 'string') checkRegex(locator, `${at}/response/${field}`, errors);
    }
  }
}

const REFUND_LOCATORS = ['reference', 'providerReference', 'paymentReference'] as const;

/** refund.webhook: which callbacks are about a refund (`event` among `events`), and how the refund is found. */
function checkRefundWebhook(webhook: unknown, errors: ConfigIssue[]): void {
  const at = '/refund/webhook';
  if (!isObject(webhook)) {
    errors.push({ path: at, message: 'refund.webhook must be an object with event, events and a refund locator.' });
    return;
  }
  if (!text(webhook['event']))
    errors.push({ path: `${at}/event`, message: 'refund.webhook.event is required: where the callback says what it is about.' });
  const events = webhook['events'];
  if (!Array.isArray(events) || events.length === 0 || events.some((event) => !text(event)))
    errors.push({ path: `${at}/events`, message: 'refund.webhook.events must list the event values of refund callbacks.' });
  if (!REFUND_LOCATORS.some((locator) => text(webhook[locator])))
    errors.push({ path: at, message: 'refund.webhook needs reference, providerReference or paymentReference to find the refund.' });
  if (text(webhook['amountMinor']) && !text(webhook['paymentReference']))
    errors.push({ path: `${at}/amountMinor`, message: 'refund.webhook.amountMinor is read only with paymentReference.' });
  if (!text(webhook['status']))
    errors.push({ path: `${at}/status`, message: "refund.webhook.status is required: where the refund's status is." });
  if (webhook['regex'] === true) {
    for (const field of ['event', ...REFUND_LOCATORS, 'amountMinor', 'status', 'message']) {
      if (typeof webhook[field] === 'string') checkRegex(webhook[field], `${at}/${field}`, errors);
    }
  }
}

function checkRegex(pattern: string, path: string, errors: ConfigIssue[]): void {
  try {
    const groups = new RegExp(`${pattern}|`).exec('')?.length ?? 1;
    if (groups < 2)
      errors.push({ path, message: `The regular expression at ${path.slice(1).replace(/\//g, '.')} needs a capture group ( … ).` });
  } catch {
    errors.push({ path, message: `The regular expression at ${path.slice(1).replace(/\//g, '.')} is invalid.` });
  }
}

/** The console's rules (docs/console.md#validation) and the template-token check, beyond the JSON Schema's structure. */
export function checkRules(config: Json): { errors: ConfigIssue[]; hints: ConfigIssue[] } {
  const errors: ConfigIssue[] = [];
  const hints: ConfigIssue[] = [];

  const baseUrl = text(config['baseUrl']);
  if (!baseUrl) errors.push({ path: '/baseUrl', message: 'baseUrl is required.' });
  // A path (one leading "/") is a route of the Payrail server itself, wherever it runs: the built-in Sandbox PSP.
  else if (!/^https?:\/\/[^\s/]+/i.test(baseUrl) && !/^\/(?!\/)\S*$/.test(baseUrl))
    errors.push({ path: '/baseUrl', message: 'baseUrl must be an http(s) URL, or a path on this Payrail server (/api/…).' });

  checkRequest(config['init'], 'init', errors);
  checkRequest(config['verify'], 'verify', errors);
  // Optional: without it, refunds are recorded as made outside Payrail.
  const refundBlock = config['refund'];
  if (refundBlock !== undefined) checkRequest(refundBlock, 'refund', errors);
  // Optional too: without it, a refund the PSP left pending fails after REFUND_PENDING_MAX_HOURS (docs/refunds.md).
  if (isObject(refundBlock) && refundBlock['verify'] !== undefined) checkRequest(refundBlock['verify'], 'refund.verify', errors);
  // Optional as well: PSP callbacks about refunds (docs/refunds.md#psp-callbacks).
  if (isObject(refundBlock) && refundBlock['webhook'] !== undefined) checkRefundWebhook(refundBlock['webhook'], errors);

  const auth = config['auth'];
  if (isObject(auth)) {
    const type = text(auth['type']);
    if (!(AUTH_TYPES as readonly string[]).includes(type))
      errors.push({ path: '/auth/type', message: 'auth.type must be bearer, basic, header or none.' });
    if (type === 'header' && !text(auth['headerName']))
      errors.push({ path: '/auth/headerName', message: 'auth type header needs headerName.' });
    if (type === 'bearer' && !text(auth['token']) && !text(auth['tokenFrom']))
      hints.push({ path: '/auth', message: 'bearer auth needs token or tokenFrom.' });
    const tokenFrom = text(auth['tokenFrom']);
    if (tokenFrom && tokenFrom !== 'secretKey' && tokenFrom !== 'publicKey')
      errors.push({ path: '/auth/tokenFrom', message: 'auth.tokenFrom must be secretKey or publicKey.' });
  }

  const webhook = config['webhook'];
  if (!isObject(webhook))
    hints.push({ path: '', message: 'A webhook block is recommended, so PSP callbacks can be located and verified.' });
  else {
    const encoding = text(webhook['encoding']);
    if (encoding && encoding !== 'hex' && encoding !== 'base64')
      errors.push({ path: '/webhook/encoding', message: 'webhook.encoding must be hex or base64.' });
    if (webhook['regex'] === true) {
      for (const field of ['reference', 'status', 'providerReference']) {
        if (typeof webhook[field] === 'string') checkRegex(webhook[field], `/webhook/${field}`, errors);
      }
    }
  }

  const init = config['init'];
  if (isObject(init) && !(isObject(init['response']) && text(init['response']['providerReference']))) {
    hints.push({ path: '/init', message: 'init.response.providerReference is recommended.' });
  }
  const verify = config['verify'];
  if (isObject(verify) && !Array.isArray(verify['successStatuses'])) {
    hints.push({ path: '/verify', message: 'verify.successStatuses is recommended (default: success, paid, completed).' });
  }
  const refund = config['refund'];
  if (isObject(refund) && !Array.isArray(refund['successStatuses'])) {
    hints.push({ path: '/refund', message: 'refund.successStatuses is recommended (default: success, paid, completed).' });
  }

  const settings = isObject(config['settings']) ? config['settings'] : {};
  for (const { path, text: value } of stringsIn(config)) {
    const where = path.slice(1).replace(/\//g, '.') || 'the top level';
    const inRefund = path === '/refund' || path.startsWith('/refund/');
    for (const token of tokensIn(value)) {
      const setting = token.startsWith('secrets.config.') ? token.slice('secrets.config.'.length) : undefined;
      if (!inRefund && isKnownToken(token, true) && !isKnownToken(token))
        errors.push({ path, message: `{${token}} at ${where} is filled in only in the refund block.` });
      else if (!isKnownToken(token, inRefund)) errors.push({ path, message: `Unknown template token {${token}} at ${where}.` });
      else if (setting !== undefined && !(setting in settings))
        errors.push({ path, message: `{${token}} at ${where} needs settings.${setting} in the config.` });
    }
  }
  return { errors, hints };
}
