import { TOKEN_STORAGE_KEY } from './constants.ts';

// Storage can be missing (server, Node tests) or throw (privacy modes), so every access is guarded.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored bearer token, or null when none is kept. */
export function getToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Keeps the bearer token for later requests. */
export function setToken(token: string): void {
  try {
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // A browser refusing storage leaves the user signed out on reload; nothing better to do here.
  }
}

/** Forgets the bearer token. */
export function clearToken(): void {
  try {
    storage()?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // See setToken.
  }
}
