import type { GatewayConfig, RefundVerifySpec, RequestSpec } from '../../../isomorphic/gateway-config/index.ts';
import { renderJson, renderText, type TemplateValues } from '../../../isomorphic/template.ts';
import type { Clock } from '../../clock.ts';
import { locate, mapStatus, parseBody } from './extract.ts';
import { fetchAllowedTarget, readBodyUpTo, TargetRefusedError } from './outbound-fetch.ts';
import type { TargetPolicy } from './target-guard.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface AdapterCredentials {
  publicKey: string;
  secretKey: string;
}

export interface AdapterOptions {
  policy: TargetPolicy;
  clock: Clock;
  /** Overrides config.baseUrl (the gateway's own baseUrl field). */
  baseUrl?: string | null | undefined;
  timeoutMs?: number;
}

export type CallOutcome = 'ok' | 'psp_error' | 'network_error' | 'timeout' | 'bad_response' | 'refused';

export interface CallResult {
  outcome: CallOutcome;
  /** Network errors, timeouts and 5xx may be tried at the next gateway; anything else stops. */
  retryable: boolean;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  providerReference?: string | undefined;
  checkoutUrl?: string | undefined;
  status?: string | undefined;
  mappedStatus?: 'success' | 'failed' | 'pending';
  /** A refund's answer: the PSP's explanation, where its `response.message` says. */
  message?: string | undefined;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The template values with the gateway's credentials and settings under `secrets`. */
function withSecrets(values: TemplateValues, config: GatewayConfig, credentials: AdapterCredentials): TemplateValues {
  return { ...values, secrets: { publicKey: credentials.publicKey, secretKey: credentials.secretKey, config: { ...config.settings } } };
}

function authHeaders(config: GatewayConfig, values: TemplateValues, credentials: AdapterCredentials): Record<string, string> {
  const auth = config.auth;
  if (!auth || auth.type === 'none') return {};
  const fromCredential =
    auth.tokenFrom === 'publicKey' ? credentials.publicKey : auth.tokenFrom === 'secretKey' ? credentials.secretKey : undefined;
  if (auth.type === 'bearer') return { authorization: `Bearer ${auth.token ? renderText(auth.token, values) : (fromCredential ?? '')}` };
  if (auth.type === 'basic') {
    const user = renderText(auth.username ?? '', values);
    const password = renderText(auth.password ?? '', values);
    return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  }
  if (auth.type === 'header' && auth.headerName)
    return { [auth.headerName.toLowerCase()]: auth.value ? renderText(auth.value, values) : (fromCredential ?? '') };
  return {};
}

/** The Authorization header a config sends with these credentials, when it sends one. */
export function authorizationFor(config: GatewayConfig, credentials: AdapterCredentials): string | undefined {
  return authHeaders(config, withSecrets({}, config, credentials), credentials)['authorization'];
}

/** Renders a request from its spec: URL (relative to baseUrl), headers, auth and body (JSON or string template). */
export function buildRequest(
  config: GatewayConfig,
  spec: RequestSpec,
  paymentValues: TemplateValues,
  credentials: AdapterCredentials,
  baseUrl?: string | null,
): BuiltRequest {
  const values = withSecrets(paymentValues, config, credentials);
  const path = renderText(spec.url, values, 'url');
  const base = (baseUrl || config.baseUrl).replace(/\/+$/, '');
  const url = /^https?:\/\//i.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
  const headers: Record<string, string> = { accept: 'application/json, application/xml;q=0.9, */*;q=0.8' };
  for (const [name, value] of Object.entries({ ...config.headers, ...spec.headers }))
    headers[name.toLowerCase()] = renderText(value, values);
  Object.assign(headers, authHeaders(config, values, credentials));
  let body: string | undefined;
  if (spec.payload !== undefined && spec.payload !== null) {
    if (typeof spec.payload === 'string') {
      const contentType = spec.contentType ?? 'text/plain; charset=utf-8';
      body = renderText(spec.payload, values, /xml/i.test(contentType) ? 'xml' : 'none');
      headers['content-type'] = contentType;
    } else {
      body = JSON.stringify(renderJson(spec.payload, values));
      headers['content-type'] = spec.contentType ?? 'application/json';
    }
  }
  return { method: spec.method.toUpperCase(), url, headers, body };
}

/** Sends a built request with a timeout, never following redirects; classifies what happened. */
export async function send(request: BuiltRequest, options: AdapterOptions): Promise<{ result: CallResult; body?: string }> {
  const started = options.clock.now().getTime();
  const elapsed = () => Math.max(0, options.clock.now().getTime() - started);
  const fail = (
    outcome: CallOutcome,
    retryable: boolean,
    error: string,
    httpStatus: number | null = null,
    excerpt: string | null = null,
  ) => ({
    result: { outcome, retryable, httpStatus, durationMs: elapsed(), error, responseExcerpt: excerpt },
  });
  let response: Response;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    response = await fetchAllowedTarget(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(timeoutMs),
      },
      options.policy,
    );
  } catch (error) {
    if (error instanceof TargetRefusedError) return fail('refused', false, error.message);
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return fail('timeout', true, `No answer within ${timeoutMs} ms.`);
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    return fail('network_error', true, `Network error: ${cause}`);
  }
  let body: string;
  try {
    const read = await readBodyUpTo(response, MAX_RESPONSE_BYTES);
    if (!read.complete) throw new Error('response larger than 1 MiB');
    body = read.text;
  } catch (error) {
    return fail(
      response.status >= 500 ? 'psp_error' : 'bad_response',
      response.status >= 500,
      `Reading the answer failed: ${error instanceof Error ? error.message : String(error)}`,
      response.status,
    );
  }
  const excerpt = body.slice(0, 500);
  if (response.status >= 500) return fail('psp_error', true, `The PSP answered ${response.status}.`, response.status, excerpt);
  if (response.status >= 300) return fail('psp_error', false, `The PSP answered ${response.status}.`, response.status, excerpt);
  return {
    result: { outcome: 'ok', retryable: false, httpStatus: response.status, durationMs: elapsed(), error: null, responseExcerpt: excerpt },
    body,
  };
}

/** Reads providerReference, checkoutUrl and status from a 2xx answer per the response mapping. */
function readResponse(spec: RequestSpec, body: string, result: CallResult, values: TemplateValues): CallResult {
  const mapping = spec.response ?? {};
  const format = mapping.format ?? 'json';
  const parsed = parseBody(body);
  if (format === 'json' && !parsed.isJson) return { ...result, outcome: 'bad_response', error: 'The PSP answer is not JSON.' };
  const regexMode = format !== 'json' || mapping.regex === true;
  const providerReference = locate(parsed, mapping.providerReference, regexMode);
  let checkoutUrl = locate(parsed, mapping.checkoutUrl, regexMode);
  if (!checkoutUrl && mapping.template)
    checkoutUrl = renderText(mapping.template, { ...values, providerReference: providerReference ?? '' });
  const status = locate(parsed, mapping.status, regexMode);
  const missing = (['providerReference', 'checkoutUrl', 'status'] as const).filter(
    (field) => mapping[field] && { providerReference, checkoutUrl, status }[field] === undefined,
  );
  if (missing.length > 0)
    return {
      ...result,
      outcome: 'bad_response',
      error: `The PSP answer has no ${missing.join(', ')} where the config says (${missing.map((f) => mapping[f]).join(', ')}).`,
    };
  return { ...result, providerReference, checkoutUrl, status };
}

/** Starts a payment at the PSP (the config's `init`). */
export async function callInit(
  config: GatewayConfig,
  values: TemplateValues,
  credentials: AdapterCredentials,
  options: AdapterOptions,
): Promise<CallResult> {
  const request = buildRequest(config, config.init, values, credentials, options.baseUrl);
  const { result, body } = await send(request, { ...options, timeoutMs: config.init.timeoutMs ?? options.timeoutMs });
  return body === undefined ? result : readResponse(config.init, body, result, values);
}

/**
 * Asks the PSP to refund (the config's optional `refund`; values carry the `refund.*` and `payment.*` tokens) and maps
 * its status like verify's. Undefined when the config has no refund operation.
 */
export async function callRefund(
  config: GatewayConfig,
  values: TemplateValues,
  credentials: AdapterCredentials,
  options: AdapterOptions,
): Promise<CallResult | undefined> {
  return config.refund && callRefundOperation(config, config.refund, values, credentials, options);
}

/**
 * Asks the PSP about a refund it left pending (the refund block's optional `verify`; values as for the refund, with
 * `refund.providerReference`). Undefined when the config has no refund verify.
 */
export async function callRefundVerify(
  config: GatewayConfig,
  values: TemplateValues,
  credentials: AdapterCredentials,
  options: AdapterOptions,
): Promise<CallResult | undefined> {
  return config.refund?.verify && callRefundOperation(config, config.refund.verify, values, credentials, options);
}

async function callRefundOperation(
  config: GatewayConfig,
  spec: RefundVerifySpec,
  values: TemplateValues,
  credentials: AdapterCredentials,
  options: AdapterOptions,
): Promise<CallResult> {
  const request = buildRequest(config, spec, values, credentials, options.baseUrl);
  const { result, body } = await send(request, { ...options, timeoutMs: spec.timeoutMs ?? options.timeoutMs });
  if (body === undefined) return result;
  const read = readResponse(spec, body, result, values);
  if (read.outcome !== 'ok') return read;
  const format = spec.response?.format ?? 'json';
  const message = locate(parseBody(body), spec.response?.message, format !== 'json' || spec.response?.regex === true);
  return { ...read, message, mappedStatus: mapStatus(read.status, spec.successStatuses, spec.failedStatuses) };
}

/** Asks the PSP for a payment's status (the config's `verify`) and maps it. */
export async function callVerify(
  config: GatewayConfig,
  values: TemplateValues,
  credentials: AdapterCredentials,
  options: AdapterOptions,
): Promise<CallResult> {
  const request = buildRequest(config, config.verify, values, credentials, options.baseUrl);
  const { result, body } = await send(request, { ...options, timeoutMs: config.verify.timeoutMs ?? options.timeoutMs });
  if (body === undefined) return result;
  const read = readResponse(config.verify, body, result, values);
  if (read.outcome !== 'ok') return read;
  return { ...read, mappedStatus: mapStatus(read.status, config.verify.successStatuses, config.verify.failedStatuses) };
}
