// The docs' Copy buttons work through one listener for the whole page (src/page-scripts/docs-code-copy.ts). Installing
// it from an island, with client:session, brings its module with the page's other modules after the head's session
// check has painted, instead of as a page script that the browser fetches, with its imports, before the first paint.
import { useEffect } from 'react';
import { installCodeCopy } from '../../page-scripts/docs-code-copy.ts';

/** Renders nothing: it installs the Copy buttons' listener while mounted. */
export default function DocsCodeCopy() {
  useEffect(() => installCodeCopy(), []);
  return null;
}
