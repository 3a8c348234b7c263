// Stubs the global fetch with a handler that answers by method and path, and records every call,
// for island tests whose requests may run in any order.
import { vi } from 'vitest';

export interface RoutedRequest {
  method: string;
  /** Path without the query, e.g. '/api/countries'. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  /**
   * Headers beyond the ones every API call carries (Accept, Content-Type, Authorization), names lower-cased; absent
   * when there are none, so tests comparing whole requests compare what the island chose to send.
   */
  headers?: Record<string, string>;
}

export interface RoutedResponse {
  status?: number;
  body?: unknown;
}

const STANDARD_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** A request's own headers (not the standard ones) as a plain record with lower-cased names, or nothing. */
function ownHeadersOf(headers: HeadersInit | undefined): { headers?: Record<string, string> } {
  const pairs: [string, string][] =
    headers instanceof Headers ? [...headers] : Array.isArray(headers) ? headers : Object.entries(headers ?? {});
  const own = pairs.map(([name, value]) => [name.toLowerCase(), value] as const).filter(([name]) => !STANDARD_HEADERS.has(name));
  return own.length > 0 ? { headers: Object.fromEntries(own) } : {};
}

/** Replaces fetch; `answer` decides each response (200 with `null` when it returns undefined). */
export function routeFetch(answer: (request: RoutedRequest) => RoutedResponse | undefined | Promise<RoutedResponse | undefined>) {
  const requests: RoutedRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://console.test');
    const raw = init.body;
    const request: RoutedRequest = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
      ...ownHeadersOf(init.headers),
    };
    requests.push(request);
    const response = (await answer(request)) ?? {};
    return new Response(response.body === undefined ? null : JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** A list response as the server sends it. */
export function listOf<T>(items: T[], page = 1, pageSize = 10, total = items.length) {
  return { items, total, page, pageSize };
}

/** An error response as the server sends it. */
export function errorBody(statusCode: number, error: string, message: string) {
  return { status: statusCode, body: { statusCode, error, message } };
}
