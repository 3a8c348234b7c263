import { useEffect } from 'react';
import { isSuperadmin } from '../../lib/roles.ts';
import { useSession } from '../shell/useSession.ts';

/**
 * What the signed-in role sees of the docs (docs/console.md#screens Integration Docs): non-superadmins get the
 * 'Limited view' badge and the note that provider and gateway credential management is restricted.
 */
export default function DocsAccess() {
  const { status, user } = useSession();
  const view = status !== 'authenticated' || !user ? null : isSuperadmin(user.role) ? 'superadmin' : 'limited';
  useEffect(() => {
    // docs.css shows superadmin-only chapters, or their fallback note, by this mark.
    if (view) document.documentElement.dataset['docsView'] = view;
  }, [view]);
  if (view === null) return null;
  if (view === 'superadmin') {
    return (
      <p className="docs-access docs-access--full">
        <span className="badge badge--accent">Full view</span>
        <span>Superadmin: validator playground, provider webhook samples, API examples and the test-webhook tool included.</span>
      </p>
    );
  }
  return (
    <div className="docs-access docs-access--limited" role="note" aria-label="Limited view">
      <span className="badge badge--warning">Limited view</span>
      <p>
        Provider and gateway credential management is restricted to platform superadmins: adding providers and entering gateway credentials
        (secret key, public key, webhook secret) is done by your Payrail operator. This view shows what your organisation integrates:
        payments, webhook samples and organisation-scope bank examples.
      </p>
    </div>
  );
}
