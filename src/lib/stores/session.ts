import { atom } from 'nanostores';
import { login as requestLogin } from '../api/auth.ts';
import { endCurrentSession } from '../api/sessions.ts';
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

/** Where a sign-in stands after the password: done (signed in), or a second step due with its challenge. */
export type SignInStep = { step: 'done'; user: User } | { step: 'code' | 'enrol'; challengeToken: string };

/**
 * Signs in: with no second step due, stores the token, loads the profile, then replaces the page with /dashboard;
 * otherwise answers with the step and its challenge (no session yet). Rethrows failures.
 */
export async function login(email: string, password: string): Promise<SignInStep> {
  // A stale token must not ride along on the login request itself.
  clearToken();
  try {
    const answer = await requestLogin(email, password);
    if (answer.two_factor && answer.challenge_token) return { step: answer.two_factor, challengeToken: answer.challenge_token };
    if (!answer.access_token) throw new Error('The sign-in response carried no access token.');
    return { step: 'done', user: await startSession(answer.access_token) };
  } catch (error) {
    endSession(false);
    throw error;
  }
}

/** Finishes a sign-in with its session token: stores it, loads the profile, then replaces the page with /dashboard. */
export async function startSession(token: string): Promise<User> {
  try {
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

/** Signs out: ends the session on the server (best effort: the token is forgotten either way), then goes to /login. */
export function logout(): void {
  if (getToken()) endCurrentSession().catch(() => undefined);
  endSession(true);
}
