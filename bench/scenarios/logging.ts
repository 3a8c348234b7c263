// What request logging costs: the page of 10 from other server processes on the same data, in the rounds beside the
// default server (LOG_LEVEL=info: the request lines; api_logs as configured by default) — one at LOG_LEVEL=warn (no
// request lines), and, when this server has the switches (server/config.ts), one recording no read in api_logs and
// one logging every read in both. The differences of their server CPU per request are the logging's cost (written
// under the table). PostgreSQL only: PGlite's data belongs to one process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/processes.ts';
import type { BenchScenario, ScenarioResult } from '../lib/types.ts';

/** The logging variants measured: a label and the server's environment. */
function variants(): { label: string; env: Record<string, string> }[] {
  const config = readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8');
  const knows = (name: string) => config.includes(`'${name}'`);
  return [
    { label: 'LOG_LEVEL=warn', env: { LOG_LEVEL: 'warn' } },
    ...(knows('API_LOG_READS') ? [{ label: 'API_LOG_READS=0', env: { API_LOG_READS: '0' } }] : []),
    ...(knows('API_LOG_READS') && knows('REQUEST_LOG_READS')
      ? [{ label: 'every read logged (REQUEST_LOG_READS=1 API_LOG_READS=1)', env: { REQUEST_LOG_READS: '1', API_LOG_READS: '1' } }]
      : []),
  ];
}

export const logging: BenchScenario = {
  name: 'logging',
  inRounds: true,
  engines: ['postgres'],
  async run(context) {
    const rows: ScenarioResult[] = [];
    for (const { label, env } of variants()) {
      const server = await context.extraServer(`logging ${label}`, env);
      const result = await context.load(
        { path: '/api/payments?page=1&pageSize=10', headers: { authorization: `Bearer ${context.tokens.orgadmin}` } },
        server,
      );
      rows.push({
        scenario: 'logging',
        name: `GET /payments page 1 of 10 (orgadmin), ${label}`,
        engine: context.engine,
        ...result,
        withinBudget: result.errors === 0,
      });
    }
    return rows;
  },
};
