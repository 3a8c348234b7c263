// The console page's head sends the screen's first GETs before any module has loaded (EarlyRequests.astro): the
// profile on every page, and what the page names besides (a payment's page, its timeline), so they run while the
// scripts download instead of after them. This module hands each answer over, once.
import { getToken } from '../token.ts';
import { apiAnswer, apiGet, apiUrl } from './client.ts';

/** Where the page's head leaves its requests: `window[EARLY_REQUESTS_KEY] = { token, responses: { [url]: … } }`. */
export const EARLY_REQUESTS_KEY = '__payrailEarlyRequests';

interface EarlyRequests {
  token: string;
  /** By the URL requested, as apiUrl writes it. */
  responses: Partial<Record<string, Promise<Response>>>;
}

/**
 * The head's GET of the API path `path`, if it was sent with `token` (the one now stored); null otherwise. Taken once:
 * a later load of the same path (after a sign-in, a refresh) sends its own request.
 */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const early = (window as unknown as Record<string, EarlyRequests | undefined>)[EARLY_REQUESTS_KEY];
  const url = apiUrl(path);
  const response = early?.responses[url];
  if (!early || !response) return null;
  delete early.responses[url];
  return token && early.token === token ? response : null;
}

/** GET of an API path, answered by the page head's request when it sent that one, else by a request of its own. */
export function apiGetEarly<T>(path: string): Promise<T> {
  const early = takeEarlyResponse(path, getToken());
  return early ? apiAnswer<T>('GET', path, () => early) : apiGet<T>(path);
}
