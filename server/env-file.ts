import { existsSync } from 'node:fs';

/**
 * Reads ./.env into process.env when there is one; variables already set keep their values. (Node's
 * `--env-file-if-exists` prints ".env not found" on every launch without one, so the file is read here instead.)
 */
export function loadEnvFileIfPresent(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
