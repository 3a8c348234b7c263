import { expect, test } from 'vitest';
import { ApiError } from '../../../src/lib/api/errors.ts';
import { loginErrorMessage } from '../../../src/lib/auth-messages.ts';

test('400 and 401 without a server message give the credentials text', () => {
  expect(loginErrorMessage(new ApiError({ status: 401, body: null }))).toBe('Invalid email or password.');
  expect(loginErrorMessage(new ApiError({ status: 400, body: '' }))).toBe('Invalid email or password.');
});

test('any other failure gives the generic text', () => {
  expect(loginErrorMessage(new ApiError({ status: 500, body: null }))).toBe('Could not sign you in. Please try again.');
  expect(loginErrorMessage(new ApiError({ error: new TypeError('Failed to fetch') }))).toBe('Could not sign you in. Please try again.');
  expect(loginErrorMessage(new Error('no token'))).toBe('Could not sign you in. Please try again.');
});

test("the server's own message is shown when it sent one", () => {
  const tooMany = { statusCode: 429, error: 'Too Many Requests', message: 'Too many sign-in attempts. Please try again in a few minutes.' };
  expect(loginErrorMessage(new ApiError({ status: 429, body: tooMany }))).toBe(tooMany.message);
  const invalid = { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' };
  expect(loginErrorMessage(new ApiError({ status: 401, body: invalid }))).toBe('Invalid email or password.');
});
