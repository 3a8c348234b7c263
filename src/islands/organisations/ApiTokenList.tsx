import type { ApiToken } from '../../lib/api/api-tokens.ts';
import { lastUsedText, tokenStateText } from '../../lib/api-tokens.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import CopyButton from '../settings/CopyButton.tsx';

const BADGE: Record<ApiToken['state'], string> = {
  current: 'badge badge--success',
  expiring: 'badge badge--warning',
  expired: 'badge',
};

/** The tokens of an organisation, newest first: the token (in full only for a superadmin's current one), state, creation, last use. */
export default function ApiTokenList({ tokens }: { tokens: ApiToken[] }) {
  return (
    <ul className="api-token-list" aria-label="API tokens">
      {tokens.map((token) => (
        <li key={token.id} className="api-token-list__item">
          <div className="api-token-list__token">
            <code className="api-token-list__value" title={token.token ?? undefined}>
              {token.token ?? token.hint}
            </code>
            {token.token === null ? null : <CopyButton text={token.token} what="current API token" />}
            <span className={BADGE[token.state]}>{tokenStateText(token)}</span>
          </div>
          <dl className="api-token-list__facts">
            <div>
              <dt>Created</dt>
              <dd>
                {formatLogTime(token.createdAt)}
                {token.createdBy === null ? '' : ` by ${token.createdBy}`}
              </dd>
            </div>
            <div>
              <dt>Last used</dt>
              <dd>{lastUsedText(token)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
