import { useCallback, useEffect, useId, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { listApiTokens, rotateApiToken, type ApiToken } from '../../lib/api/api-tokens.ts';
import {
  API_TOKEN_ROLL_FAILED,
  API_TOKEN_ROLLED,
  API_TOKENS_LOAD_FAILED,
  DEFAULT_GRACE_CHOICE,
  GRACE_CHOICES,
  rollQuestion,
  type GraceChoice,
} from '../../lib/api-tokens.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import CopyButton from '../settings/CopyButton.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import SelectField from '../ui/SelectField.tsx';
import ApiTokenList from './ApiTokenList.tsx';

type Loaded = { state: 'loading' } | { state: 'loaded'; tokens: ApiToken[] } | { state: 'failed' };

export interface ApiTokensPanelProps {
  /** null: the caller's own organisation (my-organisation); an id: the organisation a superadmin chose. */
  organisationId: number | null;
}

/** An organisation's API tokens: the list (current, expiring, expired; last used), and Roll API token with a grace period. */
export default function ApiTokensPanel({ organisationId }: ApiTokensPanelProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [grace, setGrace] = useState<GraceChoice>(DEFAULT_GRACE_CHOICE);
  const [confirming, setConfirming] = useState(false);
  const [rolling, setRolling] = useState(false);
  const [newToken, setNewToken] = useState('');
  const newTokenId = useId();

  const load = useCallback(() => {
    let active = true;
    setLoaded({ state: 'loading' });
    listApiTokens(organisationId)
      .then((tokens) => {
        if (active) setLoaded({ state: 'loaded', tokens });
      })
      .catch(() => {
        if (active) setLoaded({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [organisationId]);
  useEffect(() => load(), [load]);

  const roll = async () => {
    setRolling(true);
    try {
      const rolled = await rotateApiToken(organisationId, Number(grace));
      setNewToken(rolled.token);
      setLoaded({ state: 'loaded', tokens: rolled.items });
      showToast(successToast(API_TOKEN_ROLLED));
    } catch (error) {
      showToast(failureToast(error, API_TOKEN_ROLL_FAILED));
    } finally {
      setRolling(false);
      setConfirming(false);
    }
  };

  return (
    <div className="api-tokens">
      {newToken !== '' ? (
        <div className="api-tokens__new" role="status">
          <label htmlFor={newTokenId} className="api-tokens__new-title">
            New API token
          </label>
          <div className="secret-row">
            <input
              id={newTokenId}
              className="input input--code"
              readOnly
              value={newToken}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={newToken} what="new API token" />
          </div>
          <p className="field__hint">Copy it now and store it in your integration’s secrets: it is not shown again.</p>
        </div>
      ) : null}
      {loaded.state === 'loading' ? (
        <p className="cell-muted" role="status">
          Loading API tokens...
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <div className="settings-note" role="alert">
          <p className="settings-note__title">{API_TOKENS_LOAD_FAILED}</p>
          <button type="button" className="btn btn--sm" onClick={() => load()}>
            Try again
          </button>
        </div>
      ) : null}
      {loaded.state === 'loaded' ? <ApiTokenList tokens={loaded.tokens} /> : null}
      <div className="api-tokens__roll">
        <SelectField
          label="Old token keeps working for"
          value={grace}
          options={GRACE_CHOICES}
          onValueChange={setGrace}
          fieldClassName="api-tokens__grace"
        />
        <button type="button" className="btn btn--danger-ghost" onClick={() => setConfirming(true)} disabled={rolling}>
          Roll API token
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Roll API token"
        message={rollQuestion(Number(grace))}
        confirmLabel="Roll API token"
        busy={rolling}
        onConfirm={() => void roll()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
