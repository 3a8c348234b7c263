import { describe, expect, test } from 'vitest';
import {
  descriptionParts,
  headingFor,
  headingForEveryone,
  ORGANISATION_PLACEHOLDER,
  superadminOnlyHeading,
} from '../../../src/lib/screen-heading.ts';

const USERS = {
  superadmin: { title: 'All System Users', description: 'Everyone, across every organisation.' },
  orgadmin: { title: 'Organisation Users', description: `Everyone who can sign in for ${ORGANISATION_PLACEHOLDER}.` },
};

describe('headingFor', () => {
  test('a superadmin gets the superadmin variant, anyone else the organisation one', () => {
    expect(headingFor(USERS, { role: 'superadmin', organisation: null })).toEqual(USERS.superadmin);
    expect(headingFor(USERS, { role: 'orgadmin', organisation: { name: 'Acme' } })).toEqual({
      title: 'Organisation Users',
      description: 'Everyone who can sign in for Acme.',
    });
  });

  test("without an organisation the description says 'your organisation'", () => {
    expect(headingFor(USERS, { role: 'orgadmin', organisation: null }).description).toBe('Everyone who can sign in for your organisation.');
  });

  test('a variant without a description gives a title only', () => {
    expect(headingFor(superadminOnlyHeading('Organisations', 'Merchants.'), { role: 'orgadmin' })).toEqual({ title: 'Organisations' });
  });
});

test('a heading for everyone is the same variant twice; a superadmin-only one gives organisation admins the title', () => {
  expect(headingForEveryone('AI Analyst', 'Ask.')).toEqual({
    superadmin: { title: 'AI Analyst', description: 'Ask.' },
    orgadmin: { title: 'AI Analyst', description: 'Ask.' },
  });
  expect(headingForEveryone('Help')).toEqual({ superadmin: { title: 'Help' }, orgadmin: { title: 'Help' } });
  expect(superadminOnlyHeading('Providers', 'The catalogue.')).toEqual({
    superadmin: { title: 'Providers', description: 'The catalogue.' },
    orgadmin: { title: 'Providers' },
  });
});

test("the page's copy splits the description around the organisation's name, with the island's fallback in its place", () => {
  expect(descriptionParts(USERS.orgadmin.description)).toEqual({
    before: 'Everyone who can sign in for ',
    organisation: 'your organisation',
    after: '.',
  });
  expect(descriptionParts('No name here.')).toEqual({ before: 'No name here.', organisation: null, after: '' });
  // The page's text, with the fallback, reads exactly as the island's without an organisation.
  const parts = descriptionParts(USERS.orgadmin.description);
  expect(`${parts.before}${parts.organisation}${parts.after}`).toBe(headingFor(USERS, { role: 'orgadmin' }).description);
});
