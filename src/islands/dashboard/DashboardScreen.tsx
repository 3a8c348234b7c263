import type { ScreenHeadingText } from '../../lib/screen-heading.ts';
import { useEffect, useState } from 'react';
import {
  getGatewayUsage,
  getMyStatusTotals,
  getOrgVolumeChart,
  getStatusTotals,
  getSuperadminStats,
  getVolumeByOrganisation,
  type DailyVolume,
  type GatewayUsage,
  type OrganisationVolume,
  type StatusTotals,
  type SuperadminStats,
} from '../../lib/api/dashboard.ts';
import {
  LOADING_DASHBOARD,
  formatVolume,
  otherCurrencies,
  seriesByCurrency,
  shortDay,
  volumesByOrganisation,
  zeroTotals,
} from '../../lib/dashboard-figures.ts';
import RequireSession from '../shell/RequireSession.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import ChartCanvas from './ChartCanvas.tsx';

const CHART_DAYS = 30;

/** The dashboard's heading by role; the page's HTML shows it first (ScreenHeading.astro). */
export const DASHBOARD_HEADING = {
  superadmin: { title: 'Dashboard', description: 'Payment volume across every organisation on the platform.' },
  orgadmin: { title: 'Dashboard', description: "Your organisation's payment volume." },
} satisfies ScreenHeadingText;

/** Loads one dashboard figure; a failure is only logged (docs/console.md#messages) and the default (zeros) stays. */
function useFigure<T>(load: () => Promise<T>, fallback: T): { value: T; loaded: boolean } {
  const [state, setState] = useState({ value: fallback, loaded: false });
  useEffect(() => {
    let active = true;
    load()
      .then((value) => active && setState({ value, loaded: true }))
      .catch((error: unknown) => {
        console.error('Dashboard figure failed to load:', error);
        if (active) setState({ value: fallback, loaded: true });
      });
    return () => {
      active = false;
    };
    // Loaded once per mount.
  }, []);
  return state;
}

function StatCard({
  label,
  value,
  extra,
  tone,
}: {
  label: string;
  value: string;
  extra?: string[];
  tone?: 'success' | 'warning' | 'danger';
}) {
  return (
    <article className={tone ? `card stat-card stat-card--${tone}` : 'card stat-card'}>
      <h2 className="stat-card__label">{label}</h2>
      <p className="stat-card__value">{value}</p>
      {extra && extra.length > 0 ? (
        <p className="stat-card__extra">
          {extra.map((figure, index) => (
            <span key={figure} className="stat-card__extra-figure">
              {index === 0 ? '+ ' : ' + '}
              {figure}
            </span>
          ))}
        </p>
      ) : null}
    </article>
  );
}

function VolumeCards({ totals }: { totals: StatusTotals }) {
  return (
    <>
      <StatCard
        label="Success Volume"
        value={formatVolume(totals.Success, totals.currency)}
        extra={otherCurrencies(totals, 'Success')}
        tone="success"
      />
      <StatCard
        label="Pending Volume"
        value={formatVolume(totals.Pending, totals.currency)}
        extra={otherCurrencies(totals, 'Pending')}
        tone="warning"
      />
      <StatCard
        label="Failed Volume"
        value={formatVolume(totals.Failed, totals.currency)}
        extra={otherCurrencies(totals, 'Failed')}
        tone="danger"
      />
    </>
  );
}

/** Refunds and cancellations: net volume (Success minus refunded), what was refunded, and the Cancelled volume. */
function RefundCards({ totals }: { totals: StatusTotals }) {
  return (
    <>
      <StatCard label="Net Volume" value={formatVolume(totals.netVolume, totals.currency)} extra={otherCurrencies(totals, 'netVolume')} />
      <StatCard label="Refunded" value={formatVolume(totals.refunded, totals.currency)} extra={otherCurrencies(totals, 'refunded')} />
      <StatCard
        label="Cancelled Volume"
        value={formatVolume(totals.Cancelled, totals.currency)}
        extra={otherCurrencies(totals, 'Cancelled')}
      />
    </>
  );
}

const EMPTY_STATS: SuperadminStats = { orgCount: 0, transactionCount: 0, gatewayCount: 0, totalVolume: '0', currency: 'GHS', volumes: [] };

/** Superadmin: platform cards and 'Volume by Organisation' (docs/console.md#screens). */
function SuperadminDashboard() {
  const stats = useFigure(getSuperadminStats, EMPTY_STATS);
  const totals = useFigure(() => getStatusTotals(), zeroTotals());
  const volumes = useFigure<OrganisationVolume[]>(getVolumeByOrganisation, []);
  const s = stats.value;
  const otherVolumes = s.volumes
    .filter((entry) => entry.currency !== s.currency && Number(entry.total) !== 0)
    .map((entry) => formatVolume(entry.total, entry.currency));
  return (
    <section className="screen dashboard-screen">
      <ScreenHeader {...DASHBOARD_HEADING.superadmin} />
      <div className="stat-grid stat-grid--four">
        <StatCard label="Total Organisations" value={s.orgCount.toLocaleString('en-GH')} />
        <StatCard label="Total Transactions" value={s.transactionCount.toLocaleString('en-GH')} />
        <StatCard label="Total Volume" value={formatVolume(s.totalVolume, s.currency)} extra={otherVolumes} />
        <StatCard label="Gateway Integrations" value={s.gatewayCount.toLocaleString('en-GH')} />
      </div>
      <div className="stat-grid stat-grid--three">
        <VolumeCards totals={totals.value} />
      </div>
      <div className="stat-grid stat-grid--three">
        <RefundCards totals={totals.value} />
      </div>
      <section className="card dashboard-panel" aria-labelledby="volume-by-organisation">
        <h2 id="volume-by-organisation" className="dashboard-panel__title">
          Volume by Organisation
        </h2>
        {volumes.loaded && volumes.value.length === 0 ? (
          <EmptyState title="No organisations yet." />
        ) : (
          <ul className="org-volume-list">
            {volumesByOrganisation(volumes.value).map((organisation) => (
              <li key={organisation.orgId} className="org-volume-list__item">
                <span className="org-volume-list__name">{organisation.name}</span>
                <span className="org-volume-list__totals">
                  {organisation.totals.map((entry) => (
                    <span key={entry.currency} className="org-volume-list__total">
                      {formatVolume(entry.total, entry.currency)}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/**
 * Orgadmin: four cards in Ghana cedi format, then Net Volume, Refunded and Cancelled Volume, 'Daily Volume' and
 * 'Gateway Usage' (docs/console.md#screens).
 */
function OrganisationDashboard() {
  const totals = useFigure(getMyStatusTotals, zeroTotals());
  const daily = useFigure<DailyVolume[]>(() => getOrgVolumeChart(CHART_DAYS), []);
  const usage = useFigure<GatewayUsage[]>(() => getGatewayUsage(), []);
  const t = totals.value;
  const series = seriesByCurrency(daily.value);
  const labels = (series[0]?.days ?? []).map(shortDay);
  const dailyLabel = `Daily Volume over the last ${CHART_DAYS} days: ${
    series
      .map(
        (line) =>
          `${formatVolume(
            line.values.reduce((sum, value) => sum + value, 0),
            line.currency,
          )} in total`,
      )
      .join(', ') || 'no payments'
  }.`;
  const usageLabel = `Gateway Usage: ${usage.value.map((entry) => `${entry.name} ${entry.count}`).join(', ') || 'no payments yet'}.`;
  return (
    <section className="screen dashboard-screen">
      <ScreenHeader {...DASHBOARD_HEADING.orgadmin} />
      <div className="stat-grid stat-grid--four">
        <StatCard label="Total Volume" value={formatVolume(t.total, t.currency)} extra={otherCurrencies(t, 'total')} />
        <VolumeCards totals={t} />
      </div>
      <div className="stat-grid stat-grid--three">
        <RefundCards totals={t} />
      </div>
      <div className="dashboard-charts">
        <section className="card dashboard-panel" aria-labelledby="daily-volume">
          <h2 id="daily-volume" className="dashboard-panel__title">
            Daily Volume
          </h2>
          {daily.loaded ? (
            <ChartCanvas
              label={dailyLabel}
              deps={[daily.value]}
              draw={(charts, canvas) => charts.drawDailyVolume(canvas, labels, series, (value, currency) => formatVolume(value, currency))}
            />
          ) : (
            <div className="chart-frame" />
          )}
        </section>
        <section className="card dashboard-panel" aria-labelledby="gateway-usage">
          <h2 id="gateway-usage" className="dashboard-panel__title">
            Gateway Usage
          </h2>
          {usage.loaded && usage.value.length === 0 ? (
            <EmptyState title="No payments yet." />
          ) : usage.loaded ? (
            <ChartCanvas
              label={usageLabel}
              deps={[usage.value]}
              draw={(charts, canvas) =>
                charts.drawGatewayUsage(
                  canvas,
                  usage.value.map((entry) => entry.name),
                  usage.value.map((entry) => entry.count),
                )
              }
            />
          ) : (
            <div className="chart-frame" />
          )}
        </section>
      </div>
    </section>
  );
}

/** /dashboard: the superadmin's or the orgadmin's dashboard; any other role only 'Loading Dashboard...' (docs/console.md#screens). */
export default function DashboardScreen() {
  return (
    <RequireSession>
      {(user) =>
        user.role === 'superadmin' ? (
          <SuperadminDashboard />
        ) : user.role === 'orgadmin' ? (
          <OrganisationDashboard />
        ) : (
          <section className="screen dashboard-screen">
            <p className="dashboard-loading">{LOADING_DASHBOARD}</p>
          </section>
        )
      }
    </RequireSession>
  );
}
