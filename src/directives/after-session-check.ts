// `client:session` (registered in astro.config.mjs): the console's islands hydrate once the head's session check
// has answered and its paint is on screen (src/lib/session-check.ts says why), instead of at once as client:load.
import type { ClientDirective } from 'astro';
import { sessionCheckOnScreen } from '../lib/session-check.ts';

/** Loads and hydrates the island after the session check's first paint. */
const afterSessionCheck: ClientDirective = (load) => {
  void sessionCheckOnScreen()
    .then(load)
    .then((hydrate) => hydrate());
};

export default afterSessionCheck;
