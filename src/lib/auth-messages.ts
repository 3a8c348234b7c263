import { ApiError, messageOr } from './api/errors.ts';

// Texts of docs/console.md#messages for the public pages, quoted verbatim.
export const LOGIN_FAILED_TITLE = 'Login failed';
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const LOGIN_FAILED_FALLBACK = 'Could not sign you in. Please try again.';
export const FORGOT_SENT = 'If an account exists for this email, a reset link has been sent.';
export const FORGOT_CHECK_INBOX = 'Please check your inbox for further instructions.';
export const GENERIC_FAILURE = 'An error occurred. Please try again.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const RESET_SUCCESS = 'Your password has been reset successfully!';
export const RESET_FAILED = 'Invalid or expired token. Please try again.';

/** Login failure text: the server's message when it sent one, else the 400/401 or generic default. */
export function loginErrorMessage(error: unknown): string {
  const rejected = error instanceof ApiError && (error.status === 400 || error.status === 401);
  return messageOr(error, rejected ? INVALID_CREDENTIALS : LOGIN_FAILED_FALLBACK);
}
