import { describe, expect, it } from 'vitest';
import { emailLookupPartOf, nameWordOf, searchColumnsOf } from '../../../../../server/services/payments/search-terms.ts';

describe('searchColumnsOf', () => {
  it('looks a term with a space up in names only', () => {
    expect(searchColumnsOf('Kwame Mensah')).toEqual({ reference: false, email: false });
  });

  it('rules out references for any ASCII character a reference never holds, in either case', () => {
    expect(searchColumnsOf('pay-0000000000061288')).toEqual({ reference: true, email: true });
    expect(searchColumnsOf('61288')).toEqual({ reference: true, email: true });
    for (const term of ['kofi.mensah', 'kofi@', 'a_b', 'x%y', "o'neil"]) expect(searchColumnsOf(term).reference, term).toBe(false);
  });

  it('keeps references for non-ASCII text, which may lower-case into ASCII letters (the Kelvin sign into k)', () => {
    expect(searchColumnsOf('\u212a').reference).toBe(true);
    expect(searchColumnsOf('Aïcha').reference).toBe(true);
  });
});

describe('emailLookupPartOf', () => {
  it('is the text up to the first @ when it says enough', () => {
    expect(emailLookupPartOf('kofi.mensah85@gmail.com')).toBe('kofi.mensah85@');
    expect(emailLookupPartOf('ama@x')).toBe('ama@');
  });

  it('is nothing for a short or missing local part, no @, or a term that ends at its @', () => {
    for (const term of ['@gmail.com', 'ab@gmail.com', 'gmail.com', 'kofi@']) expect(emailLookupPartOf(term), term).toBeUndefined();
  });
});

describe('nameWordOf', () => {
  it('is the term when a name split at spaces can have it as a word', () => {
    for (const term of ['Mensah', 'kwame', 'Aïcha', 'Owusu-Ansah', "N'Guessan"]) expect(nameWordOf(term), term).toBe(term);
  });

  it('is nothing for a term with a space or an @', () => {
    for (const term of ['Kwame Mensah', 'kofi@', 'a@b.c']) expect(nameWordOf(term), term).toBeUndefined();
  });
});
