// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL database that exists.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/payrail_test';
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`TEST_DATABASE_URL must name a plain database (got "${name}").`);
  process.exit(1);
}
const maintenance = new URL(url);
maintenance.pathname = '/postgres';
const client = new pg.Client({ connectionString: maintenance.toString() });
try {
  await client.connect();
} catch (error) {
  console.error(`Cannot reach PostgreSQL at ${maintenance.host}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
if (exists.rowCount === 0) await client.query(`create database ${name}`);
await client.end();

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-test-database.ts <command> [args...]');
  process.exit(2);
}
console.log(`Running "${[command, ...args].join(' ')}" against PostgreSQL (${target.host}/${name})`);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
