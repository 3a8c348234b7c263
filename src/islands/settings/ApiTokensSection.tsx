import ApiTokensPanel from '../organisations/ApiTokensPanel.tsx';
import SettingsSection from './SettingsSection.tsx';

/** Settings → API Tokens (docs/console.md#screens): the organisation's tokens and Roll API token. */
export default function ApiTokensSection({ organisationId }: { organisationId: number | null }) {
  return (
    <SettingsSection
      title="API Tokens"
      className="api-tokens-section"
      description="The prt_ token your servers send to the payments API. Roll it when it may have leaked or on a schedule: the old one keeps working for the grace period you choose."
    >
      <ApiTokensPanel organisationId={organisationId} />
    </SettingsSection>
  );
}
