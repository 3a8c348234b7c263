// `npm run demo`: adds the demo organisation and orgadmin to the configured database.
import { randomBytes } from 'node:crypto';
import { DEMO_ORGADMIN_EMAIL, seedDemo } from './db/demo.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';
import { configOrExit, openMigratedDatabaseOrExit } from './start.ts';

const config = configOrExit();
const database = await openMigratedDatabaseOrExit(config);
const { dataKey } = loadOrCreateSecrets(config.dataDir, config);
const password = process.env['DEMO_PASSWORD'] ?? randomBytes(9).toString('base64url');
try {
  const { created } = await seedDemo(database.db, dataKey, password, config.publicUrl);
  console.log(
    created
      ? `Demo organisation ready. Sign in as ${DEMO_ORGADMIN_EMAIL} with password ${password}`
      : `Demo organisation already present; ${DEMO_ORGADMIN_EMAIL} keeps its password.`,
  );
} finally {
  await database.close();
}
