// bench/results.md from a run: one table per engine, each row with the command that reproduces it.
import type { CpuSplit } from './load.ts';
import type { BudgetCheck, Engine, ScenarioResult } from './types.ts';

export interface EngineRun {
  engine: Engine;
  /** When this engine's run started; earlier than the report's own time in a section kept from the last results. */
  when?: string;
  serverVersion: string;
  seedSeconds: number;
  /** pg_database_size, or the PGlite data directory's size, after the seed. */
  diskMb: number;
  loadAverage: number[];
  results: ScenarioResult[];
  checks: BudgetCheck[];
}

export interface Report {
  when: string;
  payments: number;
  settings: { connections: number; duration: number; rounds: number; scale: boolean };
  environment: { node: string; os: string; cpu: string; cpus: number; memoryGb: number };
  engines: EngineRun[];
  /** --scale: the run compared with (bench/results.json when this run started). */
  baseline?: { when: string; payments: number };
}

/**
 * The engines' sections of `fresh`, in `order`, with those it did not measure taken from `last` (each with the time it
 * was measured) when `last` used the same data and method: re-measuring one engine leaves the page whole.
 */
export function withKeptSections(fresh: Report, last: Report, order: readonly Engine[]): EngineRun[] {
  const sameMethod = last.payments === fresh.payments && JSON.stringify(last.settings) === JSON.stringify(fresh.settings);
  const sectionOf = (engine: Engine): EngineRun[] => {
    const measured = fresh.engines.find((run) => run.engine === engine);
    if (measured) return [measured];
    if (!sameMethod) return [];
    return last.engines.filter((run) => run.engine === engine).map((run) => ({ ...run, when: run.when ?? last.when }));
  };
  return order.flatMap(sectionOf);
}

/** A CPU time over the measured seconds as a share of one core. */
const cores = (ms: number, seconds: number) => `${Math.round(ms / (seconds * 10))} %`;

/** The CPU split as a table cell: server(s), PostgreSQL, generator, each in % of one core. */
export function cpuCell(cpu: CpuSplit | undefined): string {
  if (!cpu) return '';
  const servers = cpu.serverMs.map((ms) => cores(ms, cpu.seconds)).join(' + ');
  return [
    servers ? `server ${servers}` : '',
    cpu.postgresMs === null ? '' : `PostgreSQL ${cores(cpu.postgresMs, cpu.seconds)}`,
    `generator ${cores(cpu.generatorMs, cpu.seconds)}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function budgetCell(result: ScenarioResult): string {
  const rule = [
    result.budgetP99Ms === undefined ? undefined : `p99 ≤ ${result.budgetP99Ms} ms`,
    result.budgetRatio === undefined ? undefined : `≥ ${result.budgetRatio} × bare`,
    result.budgetPerSecond === undefined ? undefined : `≥ ${result.budgetPerSecond} ${result.unit ?? 'requests'}/s`,
    result.budgetRssGrowthMb === undefined ? undefined : `RSS growth ≤ ${result.budgetRssGrowthMb} MB`,
  ].filter(Boolean);
  return rule.length === 0 ? '' : `${rule.join(', ')}: ${result.withinBudget ? 'met' : '**missed**'}`;
}

const escape = (text: string) => text.replace(/\|/g, '\\|');

/** A check's rule: ≥ the least or ≤ the most it allows; empty without a budget. */
function checkRule(check: BudgetCheck): string {
  if (check.minimum !== undefined) return `≥ ${check.minimum} ${check.unit}`;
  return check.budget === undefined ? '' : `≤ ${check.budget} ${check.unit}`;
}

/** A check's rule and whether it was met; empty without a budget. */
function checkBudgetCell(check: BudgetCheck): string {
  const rule = checkRule(check);
  return rule ? `${rule}: ${check.withinBudget ? 'met' : '**missed**'}` : '';
}

/** The whole results page. */
export function markdown(report: Report): string {
  const { settings } = report;
  const lines = [
    settings.scale ? '# Benchmark results at scale' : '# Benchmark results',
    '',
    `Measured ${report.when} on ${report.environment.cpu} (${report.environment.cpus} cores, ${report.environment.memoryGb} GB), ${report.environment.os}, Node ${report.environment.node}.`,
    `Data: ${report.payments.toLocaleString('en')} payments, 50 organisations (one grown to 30 % of the payments), 365 days. Method (bench/README.md): every server — the bare Fastify route included — in a process of its own, loaded by autocannon from another (\`-c ${settings.connections} -d ${settings.duration}\` after a warm-up; the dashboards and the analyst one connection, a third of the time); the ratio scenarios alternate in ${settings.rounds} rounds and show their median round (every round's rate in brackets). CPU: what each process used during the measured part, in % of one core (/proc/<pid>/stat); µs/req is the server's CPU per answered request. Reproduce a row with the command beside it.`,
    '',
  ];
  if (report.baseline)
    lines.push(
      `Compared with bench/results.json of ${report.baseline.when} (${report.baseline.payments.toLocaleString('en')} payments): each p99 within 2× of it.`,
      '',
    );
  for (const run of report.engines) {
    lines.push(
      `## ${run.engine}`,
      '',
      `${run.when && run.when < report.when ? `Measured ${run.when}, in an earlier run (kept: this run did not measure ${run.engine}). ` : ''}${run.serverVersion.split(' on ')[0] ?? run.serverVersion}; seeded in ${run.seedSeconds.toFixed(1)} s; database ${run.diskMb.toLocaleString('en')} MB on disk after the seed; load average at the end ${run.loadAverage.join(' / ')} (1 / 5 / 15 min).`,
      '',
      '| scenario | req/s (rounds) | p50 ms | p99 ms | errors | × bare | CPU (% of a core) | server µs/req | budget | reproduce |',
      '|---|---:|---:|---:|---:|---:|---|---:|---|---|',
    );
    for (const result of run.results) {
      const rounds = result.roundsPerSecond ? ` (${result.roundsPerSecond.map((rate) => rate.toFixed(0)).join(', ')})` : '';
      const rate = `${result.requestsPerSecond.toFixed(0)}${result.unit ? ` ${result.unit}` : ''}${rounds}`;
      const perRequest = result.cpu && result.cpu.serverMs.length > 0 ? String(result.cpu.serverUsPerRequest) : '';
      lines.push(
        `| ${escape(result.name)} | ${rate} | ${result.p50Ms.toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${result.errors} | ${result.ratioToBare?.toFixed(3) ?? ''} | ${cpuCell(result.cpu)} | ${perRequest} | ${budgetCell(result)} | \`${result.command ?? ''}\` |`,
      );
    }
    lines.push('');
    const details = run.results.filter((result) => result.detail);
    if (details.length > 0) lines.push(...details.map((result) => `- ${result.name}: ${result.detail}`), '');
    if (run.checks.length > 0) {
      lines.push('| check | measured | budget | note | reproduce |', '|---|---:|---|---|---|');
      for (const check of run.checks)
        lines.push(
          `| ${escape(check.name)} | ${check.value} ${check.unit} | ${checkBudgetCell(check)} | ${escape(check.note ?? '')} | \`${check.command ?? ''}\` |`,
        );
      lines.push('');
    }
  }
  return lines.join('\n');
}

/** Every missed budget, one line each. */
export function misses(report: Report): string[] {
  return report.engines.flatMap((run) => [
    ...run.results
      .filter((result) => !result.withinBudget)
      .map(
        (result) =>
          `${result.engine} ${result.name}: ${result.requestsPerSecond} ${result.unit ?? 'req'}/s${result.ratioToBare === undefined ? '' : `, ×${result.ratioToBare} bare`}, p99 ${result.p99Ms} ms${result.rssGrowthMb === undefined ? '' : `, RSS +${result.rssGrowthMb} MB`}, errors ${result.errors} — ${budgetCell(result) || 'errors'}${result.requests === 0 && result.detail ? ` (${result.detail})` : ''}`,
      ),
    ...run.checks
      .filter((check) => !check.withinBudget)
      .map((check) => `${check.engine} ${check.name}: ${check.value} ${check.unit} (budget ${checkRule(check)})`),
  ]);
}
