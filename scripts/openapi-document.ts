// The server's OpenAPI document, built without a running server or a real database: the app is built on
// an in-memory PGlite and asked for `app.swagger()`. The Integration Docs' API reference page runs this at
// build time (`node scripts/openapi-document.ts` prints the JSON), and tests import openApiDocument().
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';

/** The public origin the document names as its server (the docs' placeholder, not a real host). */
export const DOCUMENT_PUBLIC_URL = 'https://payrail.example.com';

/** Builds the app once on a throw-away in-memory database and returns its OpenAPI document. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({});
  try {
    const app = await buildApp({
      database,
      jwtSecret: new TextEncoder().encode('openapi-document-only-0123456789abcdef0123456789'),
      dataKey: Buffer.alloc(32, 1),
      publicUrl: DOCUMENT_PUBLIC_URL,
      logger: false,
    });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(JSON.stringify(await openApiDocument()));
}
