// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import FormField from '../../../../src/islands/ui/FormField.tsx';

afterEach(cleanup);

test('labels its control and ties the hint and error to it', () => {
  render(
    <FormField label="Code" required hint="2 letters." error="Code is required.">
      {(control) => <input {...control} />}
    </FormField>,
  );
  const input = screen.getByLabelText(/^Code/);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toEqual(['2 letters.', 'Code is required.']);
});

test('without an error the control is not marked invalid', () => {
  render(<FormField label="Name">{(control) => <input {...control} />}</FormField>);
  const input = screen.getByLabelText('Name');
  expect(input.hasAttribute('aria-invalid')).toBe(false);
  expect(input.hasAttribute('aria-describedby')).toBe(false);
});
