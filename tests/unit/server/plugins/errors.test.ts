import { describe, expect, it } from 'vitest';
import { formatValidationErrors } from '../../../../server/plugins/errors.ts';

describe('formatValidationErrors', () => {
  it('names every field that is wrong', () => {
    const message = formatValidationErrors(
      [
        { keyword: 'required', instancePath: '', schemaPath: '', params: { missingProperty: 'password' }, message: 'x' },
        { keyword: 'format', instancePath: '/email', schemaPath: '', params: {}, message: 'must match format "email"' },
        { keyword: 'additionalProperties', instancePath: '', schemaPath: '', params: { additionalProperty: 'role' }, message: 'x' },
      ],
      'body',
    );
    expect(message).toBe('body.password is required; body.email must match format "email"; body has an unknown field "role"');
  });
});
