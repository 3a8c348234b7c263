import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one request to an app: a bearer token (null for none), a JSON payload and extra headers, each optional. */
export type ApiCall = (
  method: HttpMethod,
  url: string,
  token: string | null,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * The API tests' one request helper. It takes a getter because the suites build their app in beforeAll,
 * after the helper is declared at module level.
 */
export function apiCaller(app: () => FastifyInstance): ApiCall {
  return (method, url, token, payload, headers = {}) =>
    app().inject({
      method,
      url,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** A response read over HTTP: its status, its text and that text parsed as JSON. */
export interface HttpReply {
  status: number;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/** The same helper over real HTTP (fetch) for suites that test a listening server; baseUrl is read per call. */
export function httpCaller(baseUrl: () => string) {
  return async (method: HttpMethod, url: string, token: string | null, payload?: unknown): Promise<HttpReply> => {
    const response = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
  };
}
