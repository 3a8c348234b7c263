import { expect, test } from 'vitest';
import { failureToast, successToast } from '../../../src/lib/action-toasts.ts';
import { ApiError } from '../../../src/lib/api/errors.ts';

test("a failure shows the spec's text as the title and the server's message under it", () => {
  const conflict = new ApiError({
    status: 409,
    statusText: 'Conflict',
    body: { statusCode: 409, error: 'Conflict', message: 'A country with this code already exists.' },
  });
  expect(failureToast(conflict, 'Failed to create country.')).toEqual({
    type: 'error',
    title: 'Failed to create country.',
    message: 'A country with this code already exists.',
  });
});

test("without a server message only the spec's text shows", () => {
  expect(failureToast(new ApiError({ error: new TypeError('Failed to fetch') }), 'Failed to load organisations')).toEqual({
    type: 'error',
    message: 'Failed to load organisations',
  });
  expect(failureToast(new Error('boom'), 'Failed to delete organisation.')).toEqual({
    type: 'error',
    message: 'Failed to delete organisation.',
  });
  expect(successToast('Organisation created successfully!')).toEqual({ type: 'success', message: 'Organisation created successfully!' });
});
