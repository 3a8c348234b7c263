// A console screen's heading, written once for both places that show it: the page's HTML, which paints it as soon
// as the head's session check answers (ScreenHeading.astro, before any module has loaded), and the screen's island,
// which takes its place once it renders. Runs everywhere: no browser or framework API.
import { isSuperadmin } from './roles.ts';

/** Marks the page's own copy of the heading, which the screen's island removes when it renders its own. */
export const EARLY_HEADING_ATTRIBUTE = 'data-early-heading';

/** Marks the element of the page's heading that the head's session check fills with the organisation's name. */
export const ORGANISATION_NAME_ATTRIBUTE = 'data-session-organisation';

/**
 * Marks the element of the page's heading that the head fills with what the page's address names (a payment's
 * reference: EarlyRequests.astro's `pageRequest` pattern, its first group).
 */
export const PAGE_MATCH_ATTRIBUTE = 'data-page-match';

/** Where a title names what the page's address names; the page's HTML leaves it empty until the head fills it in. */
export const PAGE_MATCH_PLACEHOLDER = '{address}';

/** Where a heading's organisation name goes; the page shows the fallback until the session check fills it in. */
export const ORGANISATION_PLACEHOLDER = '{organisation}';
const ORGANISATION_FALLBACK = 'your organisation';

/** What one role sees at the top of a screen. */
export interface HeadingVariant {
  title: string;
  /** May hold ORGANISATION_PLACEHOLDER, replaced by the signed-in user's organisation. */
  description?: string;
}

/**
 * A screen's heading by role: `superadmin` for platform superadmins, `orgadmin` for everyone else (docs/console.md#roles).
 * A missing variant means that role's screen has no heading of its own (for instance the dashboard of an unknown role).
 */
export interface ScreenHeadingText {
  superadmin?: HeadingVariant;
  orgadmin?: HeadingVariant;
}

/** The same heading for every role. */
export function headingForEveryone(title: string, description?: string): Required<ScreenHeadingText> {
  const variant = description === undefined ? { title } : { title, description };
  return { superadmin: variant, orgadmin: variant };
}

/** A superadmin-only screen's heading: organisation admins see its title over 'Superadmin access required'. */
export function superadminOnlyHeading(title: string, description: string) {
  return { superadmin: { title, description }, orgadmin: { title } } satisfies ScreenHeadingText;
}

/** The variant a signed-in user sees, with their organisation's name in place. */
export function headingFor(
  heading: Required<ScreenHeadingText>,
  user: { role: string; organisation?: { name: string } | null },
): HeadingVariant {
  const variant = isSuperadmin(user.role) ? heading.superadmin : heading.orgadmin;
  if (variant.description === undefined) return { title: variant.title };
  return {
    title: variant.title,
    description: variant.description.replace(ORGANISATION_PLACEHOLDER, user.organisation?.name ?? ORGANISATION_FALLBACK),
  };
}

/** `text` split around its first `placeholder` (found: whether it was there). */
function placeholderParts(text: string, placeholder: string): { before: string; found: boolean; after: string } {
  const at = text.indexOf(placeholder);
  if (at === -1) return { before: text, found: false, after: '' };
  return { before: text.slice(0, at), found: true, after: text.slice(at + placeholder.length) };
}

/** The title split around what the address names, for the page's HTML to put a fillable element there. */
export function titleParts(title: string): { before: string; fromAddress: boolean; after: string } {
  const { before, found, after } = placeholderParts(title, PAGE_MATCH_PLACEHOLDER);
  return { before, fromAddress: found, after };
}

/** The description split around the organisation's name, for the page's HTML to put a fillable element there. */
export function descriptionParts(description: string): { before: string; organisation: string | null; after: string } {
  const { before, found, after } = placeholderParts(description, ORGANISATION_PLACEHOLDER);
  return { before, organisation: found ? ORGANISATION_FALLBACK : null, after };
}
