// The organisation code rule, one text for the console's form and the API: the console checks it while the user
// types, the server refuses a code that breaks it.

/** What an organisation code may be, after upper-casing: 2–32 letters, digits, "-" or "_", starting with a letter or digit. */
export const ORGANISATION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,31}$/;

/** The rule in words; each side prefixes its own subject ("Code must be …", "Organisation code must be …"). */
export const ORGANISATION_CODE_RULE = '2–32 letters, digits, "-" or "_", starting with a letter or digit.';

/** A code as stored: trimmed and upper-cased. */
export function organisationCodeOf(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether a code, as stored, follows the rule. */
export function isOrganisationCode(code: string): boolean {
  return ORGANISATION_CODE_PATTERN.test(code);
}
