// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import EmptyState from '../../../../src/islands/ui/EmptyState.tsx';

afterEach(cleanup);

test('shows the title, description and action', () => {
  render(
    <EmptyState title="No users found in your organisation." description="Add one to get started." action={<button>Add User</button>} />,
  );
  expect(screen.getByText('No users found in your organisation.')).toBeTruthy();
  expect(screen.getByText('Add one to get started.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
});
