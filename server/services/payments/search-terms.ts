// Which columns a payments-list search term can be found in, and the part of it worth looking up by trigrams. Each
// rule follows from what the database holds, never from what is likely, so a search finds what ILIKE '%term%' finds.

/** The characters a reference is written in (PAY- and Crockford base32, newPaymentReference), either case. */
const REFERENCE_ASCII = /^[A-Za-z0-9-]$/;

/** Whether some ASCII character of `term` is none of a reference's (a space, `@`, `.`, …): no reference contains it. */
function hasNonReferenceAscii(term: string): boolean {
  // Only ASCII is ruled out: ILIKE compares lower-cased text, and a few other characters lower-case into ASCII
  // letters (the Kelvin sign into k).
  for (const character of term) if (character < '\u0080' && !REFERENCE_ASCII.test(character)) return true;
  return false;
}

/** Where a search term can be found: the customer's name always; a reference and an e-mail address only when possible. */
export interface SearchColumns {
  reference: boolean;
  /** No e-mail address holds a space (constraint payments_customer_email_no_space_check, migration 0024). */
  email: boolean;
}

/** The columns that can contain `term` (already trimmed, not empty). */
export function searchColumnsOf(term: string): SearchColumns {
  return { reference: !hasNonReferenceAscii(term), email: !term.includes(' ') };
}

// Fewer than this many characters before the `@` say too little to look up on their own.
const LOCAL_PART_MIN = 3;

/**
 * The part of an e-mail-like term to look its e-mail addresses up by: the text up to and including its first `@`
 * (`kofi.mensah@`), when that is long enough. Every address containing the term contains that part, and its
 * trigrams are rare, where a domain's (gmail.com) are in most addresses' and made the lookup 4× slower.
 */
export function emailLookupPartOf(term: string): string | undefined {
  const at = term.indexOf('@');
  if (at < LOCAL_PART_MIN || at === term.length - 1) return undefined;
  return term.slice(0, at + 1);
}

/**
 * The term as a whole word of a name (its first or last, migration 0026's indexes), when it can be one: no space (the
 * words are split at spaces) and no `@` (an e-mail-like term is looked up by its address). A name whose first or last
 * word is the term contains it, so counting those names is a lower bound of the term's matches.
 */
export function nameWordOf(term: string): string | undefined {
  return term.includes(' ') || term.includes('@') ? undefined : term;
}
