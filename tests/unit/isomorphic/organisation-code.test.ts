import { expect, test } from 'vitest';
import { ORGANISATION_CODE_RULE, isOrganisationCode, organisationCodeOf } from '../../../isomorphic/organisation-code.ts';

test('an organisation code is 2–32 letters, digits, "-" or "_", starting with a letter or digit, once upper-cased', () => {
  expect(organisationCodeOf('  acme-pay ')).toBe('ACME-PAY');
  expect(isOrganisationCode('AC')).toBe(true);
  expect(isOrganisationCode('A'.repeat(32))).toBe(true);
  expect(isOrganisationCode('A')).toBe(false);
  expect(isOrganisationCode('A'.repeat(33))).toBe(false);
  expect(isOrganisationCode('-ACME')).toBe(false);
  expect(isOrganisationCode('ACME PAY')).toBe(false);
  expect(isOrganisationCode('acme')).toBe(false);
  expect(ORGANISATION_CODE_RULE).toBe('2–32 letters, digits, "-" or "_", starting with a letter or digit.');
});
