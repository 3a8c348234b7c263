// The console page's head asks for the profile before any module has loaded (EarlyProfileRequest.astro), so the
// session check runs while the scripts download instead of after them. This module hands that request over, once.

/** Where the page's head leaves its request: `window[EARLY_PROFILE_KEY] = { token, response }`. */
export const EARLY_PROFILE_KEY = '__payrailEarlyProfile';

interface EarlyProfileRequest {
  token: string;
  response: Promise<Response>;
}

/**
 * The head's GET /users/me, if it was sent with `token` (the one now stored); null otherwise. Taken once: a later
 * profile load (after a sign-in, a second island) sends its own request.
 */
export function takeEarlyProfileRequest(token: string | null): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const slot = window as unknown as Record<string, EarlyProfileRequest | undefined>;
  const early = slot[EARLY_PROFILE_KEY];
  delete slot[EARLY_PROFILE_KEY];
  if (!early || !token || early.token !== token) return null;
  return early.response;
}
