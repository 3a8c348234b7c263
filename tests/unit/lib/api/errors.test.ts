import { describe, expect, test } from 'vitest';
import { ApiError, errorText, messageOr, serverMessage } from '../../../../src/lib/api/errors.ts';

describe('errorText follows docs/console.md#messages order', () => {
  test('1. a string body wins over everything', () => {
    expect(errorText({ body: 'Gateway timed out', status: 504, statusText: 'Gateway Timeout', error: new Error('x') })).toBe(
      'Gateway timed out',
    );
  });

  test('2. then message', () => {
    expect(errorText({ body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' }, status: 401 })).toBe(
      'Invalid email or password.',
    );
  });

  test('2. a message array is joined with a comma', () => {
    expect(errorText({ body: { message: ['name is required', 'email must be an email'] }, status: 400 })).toBe(
      'name is required, email must be an email',
    );
  });

  test('3. then error', () => {
    expect(errorText({ body: { statusCode: 403, error: 'Forbidden' }, status: 403, statusText: 'Forbidden' })).toBe('Forbidden');
  });

  test('4. then HTTP status and status text', () => {
    expect(errorText({ body: { statusCode: 500 }, status: 500, statusText: 'Internal Server Error' })).toBe(
      'HTTP 500 Internal Server Error',
    );
    expect(errorText({ body: null, status: 502, statusText: '' })).toBe('HTTP 502');
  });

  test('5. then the thrown error message (no response at all)', () => {
    expect(errorText({ error: new TypeError('Failed to fetch') })).toBe('Failed to fetch');
  });

  test('6. else Unknown error', () => {
    expect(errorText({})).toBe('Unknown error');
    expect(errorText({ body: '   ', error: new Error('') })).toBe('Unknown error');
  });

  test('empty strings and empty arrays fall through to the next source', () => {
    expect(errorText({ body: { message: '', error: 'Bad Request' }, status: 400 })).toBe('Bad Request');
    expect(errorText({ body: { message: [] }, status: 400, statusText: 'Bad Request' })).toBe('HTTP 400 Bad Request');
  });
});

test('serverMessage only reads what the server wrote', () => {
  expect(serverMessage({ message: 'Too many sign-in attempts. Please try again in a few minutes.' })).toBe(
    'Too many sign-in attempts. Please try again in a few minutes.',
  );
  expect(serverMessage(null)).toBeUndefined();
  expect(serverMessage({ statusCode: 500 })).toBeUndefined();
});

test('ApiError carries status, body and the extracted message', () => {
  const body = { statusCode: 400, error: 'Bad Request', message: 'Invalid token.' };
  const error = new ApiError({ body, status: 400, statusText: 'Bad Request' });
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe('ApiError');
  expect(error.status).toBe(400);
  expect(error.body).toBe(body);
  expect(error.message).toBe('Invalid token.');
  expect(new ApiError({ error: new TypeError('offline') }).status).toBe(0);
});

test('messageOr prefers the server message and otherwise falls back', () => {
  expect(messageOr(new ApiError({ body: { message: 'Email already in use.' }, status: 409 }), 'Failed to create user.')).toBe(
    'Email already in use.',
  );
  expect(messageOr(new ApiError({ body: null, status: 500 }), 'Failed to create user.')).toBe('Failed to create user.');
  expect(messageOr(new Error('boom'), 'Failed to create user.')).toBe('Failed to create user.');
});
