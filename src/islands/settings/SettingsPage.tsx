import { headingFor, type ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useStore } from '@nanostores/react';
import type { User } from '../../lib/api/types.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { $selectedOrgId } from '../../lib/stores/organisation.ts';
import RequireSession from '../shell/RequireSession.tsx';
import ApiTokensSection from './ApiTokensSection.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import OrganisationSettings from './OrganisationSettings.tsx';
import PasswordSection from './PasswordSection.tsx';
import TwoFactorSection from './TwoFactorSection.tsx';
import ActiveSessionsSection from './ActiveSessionsSection.tsx';
import ProfileSection from './ProfileSection.tsx';
import ReceiptNumberingSection from './ReceiptNumberingSection.tsx';
import WebhookConfigurationSection from './WebhookConfigurationSection.tsx';

/** Webhook Configuration of the organisation the settings act on: a superadmin's chosen one (none until chosen), or the caller's own. */
function WebhookConfiguration({ superadmin }: { superadmin: boolean }) {
  const chosenId = useStore($selectedOrgId);
  if (!superadmin) return <WebhookConfigurationSection organisationId={null} />;
  return chosenId === null ? null : <WebhookConfigurationSection key={chosenId} organisationId={chosenId} />;
}

/** API Tokens of the organisation the settings act on, chosen like Webhook Configuration's. */
function ApiTokens({ superadmin }: { superadmin: boolean }) {
  const chosenId = useStore($selectedOrgId);
  if (!superadmin) return <ApiTokensSection organisationId={null} />;
  return chosenId === null ? null : <ApiTokensSection key={chosenId} organisationId={chosenId} />;
}

/** The settings screen's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const SETTINGS_HEADING = {
  superadmin: { title: 'Settings', description: 'Your profile and password, and the receipt details and branding of any organisation.' },
  orgadmin: { title: 'Settings', description: 'Your profile and password, and your organisation’s receipt details and branding.' },
} satisfies ScreenHeadingText;

function Settings({ user }: { user: User }) {
  const superadmin = isSuperadmin(user.role);
  return (
    <section className="screen settings">
      <ScreenHeader {...headingFor(SETTINGS_HEADING, user)} />
      <div className="settings-grid">
        <ProfileSection user={user} />
        <PasswordSection />
        <TwoFactorSection />
        <ActiveSessionsSection />
      </div>
      <OrganisationSettings superadmin={superadmin} />
      {/* Receipt batches belong to the caller's own organisation, so a superadmin has none (docs/console.md#roles). */}
      {superadmin ? null : <ReceiptNumberingSection />}
      <WebhookConfiguration superadmin={superadmin} />
      <ApiTokens superadmin={superadmin} />
    </section>
  );
}

/** /dashboard/settings: My Profile, Change Password, the organisation's general settings and branding, (non-superadmins) Receipt Numbering, and Webhook Configuration. */
export default function SettingsPage() {
  return <RequireSession>{(user) => <Settings key={user.id} user={user} />}</RequireSession>;
}
