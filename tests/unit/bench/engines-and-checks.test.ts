// The bench's command line knows the embedded PostgreSQL engine, and results.md writes a check with a least allowed
// value (a Lighthouse score) as ≥ and a check with a most allowed value as ≤; a run of one engine keeps the others'.
import { describe, expect, it } from 'vitest';
import { parseBenchOptions, reproduce } from '../../../bench/lib/options.ts';
import { markdown, misses, withKeptSections, type EngineRun, type Report } from '../../../bench/lib/report.ts';

describe('bench engines', () => {
  it('runs PGlite, the embedded PostgreSQL and PostgreSQL by default, and each alone when named', () => {
    expect(parseBenchOptions([], {}).engines).toEqual(['pglite', 'embedded', 'postgres']);
    const embedded = parseBenchOptions(['--engine', 'embedded', '--only', 'get-page', '--payments', '5000'], {});
    expect(embedded.engines).toEqual(['embedded']);
    expect(reproduce(embedded, 'embedded', 'get-page')).toBe('npm run bench -- --engine embedded --only get-page --payments 5000');
    expect(() => parseBenchOptions(['--engine', 'mysql'], {})).toThrow(/unknown engine "mysql"/);
  });
});

describe('bench checks in results.md', () => {
  const report = (value: number, withinBudget: boolean): Report => ({
    when: '2026-11-27T00:00:00.000Z',
    payments: 1000,
    settings: { connections: 20, duration: 10, rounds: 3, scale: false },
    environment: { node: 'v24', os: 'Linux', cpu: 'CPU', cpus: 2, memoryGb: 4 },
    engines: [
      {
        engine: 'embedded',
        serverVersion: 'PostgreSQL 18.4',
        seedSeconds: 1,
        diskMb: 10,
        loadAverage: [0, 0, 0],
        results: [],
        checks: [
          { name: 'Lighthouse mobile Performance /login', engine: 'embedded', value, unit: 'points', minimum: 98, withinBudget },
          { name: 'Lighthouse mobile LCP /login', engine: 'embedded', value: 900, unit: 'ms', budget: 1500, withinBudget: true },
        ],
      },
    ],
  });

  it('writes a least allowed value as ≥ and a most allowed as ≤, and lists a missed one', () => {
    const met = markdown(report(99, true));
    expect(met).toContain('| Lighthouse mobile Performance /login | 99 points | ≥ 98 points: met |');
    expect(met).toContain('| Lighthouse mobile LCP /login | 900 ms | ≤ 1500 ms: met |');
    expect(misses(report(99, true))).toEqual([]);
    expect(misses(report(92, false))).toEqual(['embedded Lighthouse mobile Performance /login: 92 points (budget ≥ 98 points)']);
  });
});

describe('a whole run of some engines', () => {
  const section = (engine: EngineRun['engine'], seedSeconds: number): EngineRun => ({
    engine,
    serverVersion: 'PostgreSQL',
    seedSeconds,
    diskMb: 1,
    loadAverage: [0, 0, 0],
    results: [],
    checks: [],
  });
  const run = (when: string, engines: EngineRun[], duration = 10): Report => ({
    when,
    payments: 1000,
    settings: { connections: 20, duration, rounds: 3, scale: false },
    environment: { node: 'v24', os: 'Linux', cpu: 'CPU', cpus: 2, memoryGb: 4 },
    engines,
  });
  const order = ['pglite', 'embedded', 'postgres'] as const;
  const last = run('2026-12-07T08:00:00.000Z', [section('pglite', 1), section('embedded', 2), section('postgres', 3)]);

  it("keeps the other engines' sections of the last results, in order, each saying when it was measured", () => {
    const fresh = run('2026-12-07T09:00:00.000Z', [{ ...section('embedded', 20), when: '2026-12-07T09:00:01.000Z' }]);
    const engines = withKeptSections(fresh, last, order);
    expect(engines.map((engine) => [engine.engine, engine.seedSeconds, engine.when])).toEqual([
      ['pglite', 1, '2026-12-07T08:00:00.000Z'],
      ['embedded', 20, '2026-12-07T09:00:01.000Z'],
      ['postgres', 3, '2026-12-07T08:00:00.000Z'],
    ]);
    const page = markdown({ ...fresh, engines });
    expect(page).toContain('Measured 2026-12-07T08:00:00.000Z, in an earlier run (kept: this run did not measure pglite).');
    expect(page).not.toContain('kept: this run did not measure embedded');
  });

  it('keeps nothing measured with other data or another method', () => {
    const fresh = run('2026-12-07T09:00:00.000Z', [section('embedded', 20)], 30);
    expect(withKeptSections(fresh, last, order).map((engine) => engine.engine)).toEqual(['embedded']);
  });
});
