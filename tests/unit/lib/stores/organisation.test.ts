import { afterEach, expect, test } from 'vitest';
import { $selectedOrgId, ensureSelectedOrganisation, selectOrganisation } from '../../../../src/lib/stores/organisation.ts';

afterEach(() => selectOrganisation(null));

test('the first organisation is chosen by default', () => {
  expect(ensureSelectedOrganisation([{ id: 4 }, { id: 9 }])).toBe(4);
  expect($selectedOrgId.get()).toBe(4);
});

test('a choice still in the list is kept; a stale one is replaced', () => {
  selectOrganisation(9);
  expect(ensureSelectedOrganisation([{ id: 4 }, { id: 9 }])).toBe(9);
  expect(ensureSelectedOrganisation([{ id: 5 }])).toBe(5);
  expect(ensureSelectedOrganisation([])).toBeNull();
});
