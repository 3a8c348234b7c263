// The server's OpenAPI document at build time, produced once per build and shared by the console's API reference
// and the public one (scripts/openapi-document.ts builds the app on an in-memory database; no server runs).
import { execFileSync } from 'node:child_process';
import { publicApiDocument } from '../../scripts/lib/public-openapi.ts';

type Json = Record<string, unknown>;
let document: Json | undefined;

/** The whole document, every operation (the superadmin's API reference). */
export function serverOpenApiDocument(): Json {
  document ??= JSON.parse(
    execFileSync(process.execPath, ['scripts/openapi-document.ts'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  ) as Json;
  return document;
}

/** Only the operations an organisation can call: /docs/api and /docs/openapi.json. */
export function publicOpenApiDocument(): Json {
  return publicApiDocument(serverOpenApiDocument());
}
