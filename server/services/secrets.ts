import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerSecrets {
  jwtSecret: Uint8Array;
  dataKey: Buffer;
}

interface StoredSecrets {
  jwtSecret: string;
  dataKey: string;
}

/**
 * Uses JWT_SECRET / DATA_KEY when set, otherwise generates them once into `<dataDir>/secrets.json`
 * (mode 0600) so restarts keep sessions and encrypted data readable.
 */
export function loadOrCreateSecrets(
  dataDir: string,
  fromEnv: { jwtSecret?: string | undefined; dataKey?: string | undefined },
): ServerSecrets {
  let stored: StoredSecrets | undefined;
  if (!fromEnv.jwtSecret || !fromEnv.dataKey) {
    const file = path.join(dataDir, 'secrets.json');
    if (existsSync(file)) {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
    } else {
      mkdirSync(dataDir, { recursive: true });
      stored = { jwtSecret: randomBytes(48).toString('base64url'), dataKey: randomBytes(32).toString('hex') };
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const jwtSecret = fromEnv.jwtSecret ?? stored?.jwtSecret ?? '';
  const dataKey = fromEnv.dataKey ?? stored?.dataKey ?? '';
  return { jwtSecret: new TextEncoder().encode(jwtSecret), dataKey: Buffer.from(dataKey, 'hex') };
}
