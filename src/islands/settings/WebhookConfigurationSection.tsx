import { useCallback, useEffect, useState } from 'react';
import { getWebhookConfig, type WebhookConfig } from '../../lib/api/webhooks.ts';
import { WEBHOOK_CONFIG_LOAD_FAILED } from '../../lib/webhook-settings.ts';
import DeliveryLogs from './DeliveryLogs.tsx';
import OutboundSigningForm from './OutboundSigningForm.tsx';
import PublicUrlsPanel from './PublicUrlsPanel.tsx';
import SettingsSection from './SettingsSection.tsx';
import WebhookSettingsForm from './WebhookSettingsForm.tsx';

type Loaded = { state: 'loading' } | { state: 'loaded'; config: WebhookConfig } | { state: 'failed' };

export interface WebhookConfigurationSectionProps {
  /** null: the caller's own organisation (my-organisation); an id: the organisation a superadmin chose. */
  organisationId: number | null;
}

/**
 * Settings → Webhook Configuration (docs/console.md#screens): callback and notifier settings, Outbound Signing, the
 * public Checkout and Record URLs, and Delivery Logs, all for one organisation.
 */
export default function WebhookConfigurationSection({ organisationId }: WebhookConfigurationSectionProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const load = useCallback(() => {
    let active = true;
    setLoaded({ state: 'loading' });
    getWebhookConfig(organisationId)
      .then((config) => {
        if (active) setLoaded({ state: 'loaded', config });
      })
      .catch(() => {
        // Already logged by the API client; the section says so in place.
        if (active) setLoaded({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [organisationId]);

  useEffect(() => load(), [load]);

  const saved = (config: WebhookConfig) => setLoaded({ state: 'loaded', config });

  return (
    <SettingsSection
      title="Webhook Configuration"
      className="webhook-config"
      description="Where the organisation receives signed payment events, how they are signed, its public payment links, and every delivery made."
    >
      {loaded.state === 'loading' ? (
        <p className="cell-muted" role="status">
          Loading webhook settings...
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <div className="settings-note" role="alert">
          <p className="settings-note__title">{WEBHOOK_CONFIG_LOAD_FAILED}</p>
          <button type="button" className="btn btn--sm" onClick={() => load()}>
            Try again
          </button>
        </div>
      ) : null}
      {loaded.state === 'loaded' ? (
        <div className="webhook-config__grid">
          <WebhookSettingsForm organisationId={organisationId} config={loaded.config} onSaved={saved} />
          <OutboundSigningForm organisationId={organisationId} config={loaded.config} onSaved={saved} />
        </div>
      ) : null}
      <PublicUrlsPanel organisationId={organisationId} />
      <DeliveryLogs organisationId={organisationId} />
    </SettingsSection>
  );
}
