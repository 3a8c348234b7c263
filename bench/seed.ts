// `npm run bench:seed`: fills the configured database (DATABASE_URL, or the PGlite in DATA_DIR) with bench data —
// BENCH_PAYMENTS payments (1,000,000 by default) over 50 organisations and a year, the last organisation grown to 30 %
// of them (bench/README.md#the-data) — to try the console at scale. It adds organisations named "Bench Organisation
// NNN"; run it on an empty or throw-away database.
import { configOrExit, openMigratedDatabaseOrExit } from '../server/start.ts';
import { loadOrCreateSecrets } from '../server/services/secrets.ts';
import { seedBenchData } from './lib/seed.ts';

const config = configOrExit();
// The key the server started on this configuration reads the organisations' API tokens with.
const { dataKey } = loadOrCreateSecrets(config.dataDir, config);
// Migrated, with the reference data and provider catalogue the seed needs.
const database = await openMigratedDatabaseOrExit(config);
try {
  const payments = Number(process.env['BENCH_PAYMENTS'] || 1_000_000);
  console.log(`Seeding ${payments.toLocaleString('en')} payments into ${database.kind}...`);
  await seedBenchData(database.db, { payments, organisations: 50, days: 365, now: new Date(), dataKey, log: console.log });
  console.log('Done.');
} finally {
  await database.close();
}
