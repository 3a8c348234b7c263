// Business constants from docs/console.md#constants, kept in one place so screens and tests agree.

/** localStorage key holding the bearer token. */
export const TOKEN_STORAGE_KEY = 'authToken';

/** Toast auto-dismiss delays in milliseconds. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_ERROR_DURATION_MS = 7000;

/** Page size choices offered by every paged list; pages start at 1. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Minimum password length everywhere a password is chosen. */
export const MIN_PASSWORD_LENGTH = 8;

/** Where visitors without a session are sent, and where a new session lands. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/dashboard';
