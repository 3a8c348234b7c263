// A console page's islands load after the head's session check (EarlyRequests.astro) has answered and what
// it revealed, the screen's heading, is on screen. The page's first paint then waits for the HTML, the CSS and one
// small request instead of for React and every island's modules, which would share the phone's bandwidth with it;
// the modules follow one frame later. The head script and the `client:session` directive meet through these names.

/** `window[SESSION_CHECK_KEY]`: a promise the head script settles once the check's answer has been painted. */
export const SESSION_CHECK_KEY = '__payrailSessionCheckOnScreen';

/** The `<template>` in a console page's head that holds its modulepreload links until the check has answered. */
export const DEFERRED_MODULES_ATTRIBUTE = 'data-after-session-check';

/** `<html data-session-role>`: 'superadmin' or 'orgadmin', set by the head script when the profile answers. */
export const SESSION_ROLE_ATTRIBUTE = 'data-session-role';

/** Settles once the head's session check is on screen; at once on a page without one (public pages, tests). */
export function sessionCheckOnScreen(): Promise<unknown> {
  const slot = window as unknown as Record<string, Promise<unknown> | undefined>;
  return slot[SESSION_CHECK_KEY] ?? Promise.resolve();
}
