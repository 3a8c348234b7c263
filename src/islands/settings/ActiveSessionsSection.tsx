import { useCallback, useEffect, useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { listSessions, revokeOtherSessions, revokeSession, type Session } from '../../lib/api/sessions.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import SettingsSection from './SettingsSection.tsx';

export const SESSION_REVOKED = 'Session revoked.';
export const SESSION_REVOKE_FAILED = 'Failed to revoke session.';

/** Active sessions: device, address, signed in and last seen; revoke one, or all the others. */
export default function ActiveSessionsSection() {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const reload = useCallback(() => {
    listSessions()
      .then(setSessions)
      .catch((failure: unknown) => showToast({ type: 'error', message: messageOr(failure, 'Could not load sessions.') }));
  }, []);
  useEffect(reload, [reload]);

  const run = async (id: string, action: () => Promise<{ message: string }>) => {
    setBusyId(id);
    try {
      const { message } = await action();
      showToast({ type: 'success', message });
      reload();
    } catch (failure) {
      showToast({ type: 'error', message: messageOr(failure, SESSION_REVOKE_FAILED) });
    } finally {
      setBusyId(null);
    }
  };

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <SettingsSection
      title="Active sessions"
      description="Where your account is signed in. Revoke any session you do not recognise."
      className="sessions"
    >
      {sessions === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <ul className="session-list" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.id} className="session-list__item">
              <div className="session-list__text">
                <p className="session-list__device">
                  {session.device}
                  {session.current ? <span className="badge badge--success">This device</span> : null}
                </p>
                <p className="muted">
                  {session.address} · Signed in {formatLogTime(String(session.createdAt))} · Last seen{' '}
                  {formatLogTime(String(session.lastSeenAt))}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="btn btn--danger"
                  disabled={busyId !== null}
                  aria-label={`Revoke ${session.device} session from ${session.address}`}
                  onClick={() => void run(session.id, () => revokeSession(session.id).then(() => ({ message: SESSION_REVOKED })))}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 ? (
        <div className="settings-card__actions">
          <button type="button" className="btn" disabled={busyId !== null} onClick={() => void run('others', revokeOtherSessions)}>
            Revoke all other sessions
          </button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
