// Stubs the global fetch with canned responses and records what was requested.
import { vi } from 'vitest';

export interface CannedResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Sent as text/plain instead of JSON. */
  text?: string;
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch; each call takes the next canned response (an Error is thrown instead). */
export function stubFetch(...responses: (CannedResponse | Error)[]) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const raw = init.body;
    requests.push({
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    });
    const next = responses.shift() ?? { status: 200, body: null };
    if (next instanceof Error) throw next;
    const status = next.status ?? 200;
    if (next.text !== undefined) {
      return new Response(next.text, { status, statusText: next.statusText ?? '', headers: { 'content-type': 'text/plain' } });
    }
    const payload = next.body === undefined ? null : JSON.stringify(next.body);
    return new Response(payload, {
      status,
      statusText: next.statusText ?? '',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
