import { atom } from 'nanostores';
import { login as requestLogin } from '../api/auth.ts';
import type { User } from '../api/types.ts';
import { getMe } from '../api/users.ts';
import { HOME_PATH, LOGIN_PATH } from '../constants.ts';
import { navigate } from '../navigate.ts';
import { clearToken, getToken, setToken } from '../token.ts';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

/** Who is signed in; 'loading' until loadSession has settled. */
export const $session = atom<SessionState>({ status: 'loading', user: null });

export interface LoadSessionOptions {
  /** Go to /login when there is no valid session (default true); the login page itself says false. */
  redirectOnFailure?: boolean;
}

let inFlight: Promise<User | null> | null = null;

function endSession(redirect: boolean): null {
  clearToken();
  $session.set({ status: 'anonymous', user: null });
  if (redirect) navigate(LOGIN_PATH, { replace: true });
  return null;
}

async function fetchSession(redirect: boolean): Promise<User | null> {
  if (!getToken()) return endSession(redirect);
  try {
    const user = await getMe();
    $session.set({ status: 'authenticated', user });
    return user;
  } catch {
    return endSession(redirect);
  }
}

/** Loads the profile for the stored token (docs/console.md#states); clears the session and goes to /login when that fails. */
export function loadSession(options: LoadSessionOptions = {}): Promise<User | null> {
  // Several islands may ask at once on the same page; one request serves them all.
  inFlight ??= fetchSession(options.redirectOnFailure ?? true).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Signs in: stores the token, loads the profile, then replaces the page with /dashboard. Rethrows failures. */
export async function login(email: string, password: string): Promise<User> {
  // A stale token must not ride along on the login request itself.
  clearToken();
  try {
    const { access_token: token } = await requestLogin(email, password);
    if (!token) throw new Error('The sign-in response carried no access token.');
    setToken(token);
    const user = await getMe();
    $session.set({ status: 'authenticated', user });
    navigate(HOME_PATH, { replace: true });
    return user;
  } catch (error) {
    endSession(false);
    throw error;
  }
}

/** Replaces the signed-in user's profile after they edit it. */
export function setSessionUser(user: User): void {
  $session.set({ status: 'authenticated', user });
}

/** Signs out: forgets the token and user, then goes to /login. */
export function logout(): void {
  endSession(true);
}
