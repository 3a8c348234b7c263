import { getToken } from '../token.ts';
import { ApiError } from './errors.ts';

export { ApiError, errorText, messageOr, serverMessage } from './errors.ts';
export { normaliseList, type ListPage } from './list.ts';

/** Query-string values; empty ones (undefined, null, '') are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  /** Sent as JSON, except FormData which goes as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a sign-out sent just before the browser leaves for /login). */
  keepalive?: boolean;
}

// Read at call time rather than import time so a split deployment and tests can point elsewhere.
function apiBase(): string {
  const base = import.meta.env?.PUBLIC_API_BASE ?? '/api';
  return base.replace(/\/+$/, '');
}

/** Absolute-or-rooted URL of an API path (docs/console.md#calls paths are relative to the API base). */
export function apiUrl(path: string, query?: QueryParams): string {
  const url = `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildInit(method: string, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, signal: options.signal, ...(options.keepalive ? { keepalive: true } : {}) };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the API; resolves with the parsed body, or logs and throws an ApiError. */
export function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return apiAnswer<T>(method, path, () => fetch(apiUrl(path, options.query), buildInit(method, options)));
}

/** Reads the answer of a request already sent (or sent by `send`) exactly as apiRequest reads its own. */
export async function apiAnswer<T>(method: string, path: string, send: () => Promise<Response>): Promise<T> {
  let error: ApiError;
  try {
    const response = await send();
    const body = await readBody(response);
    if (response.ok) return body as T;
    error = new ApiError({ body, status: response.status, statusText: response.statusText });
  } catch (thrown) {
    error = new ApiError({ error: thrown });
  }
  console.error(`API ${method} ${path} failed:`, error.message, error);
  throw error;
}

/** GET with an optional query string. */
export function apiGet<T>(path: string, query?: QueryParams, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('GET', path, { ...options, query });
}

/** POST with a JSON (or FormData) body. */
export function apiPost<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('POST', path, { ...options, body });
}

/** PATCH with a JSON (or FormData) body. */
export function apiPatch<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('PATCH', path, { ...options, body });
}

/** PUT with a JSON (or FormData) body. */
export function apiPut<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('PUT', path, { ...options, body });
}

/** DELETE. */
export function apiDelete<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>('DELETE', path, options);
}
