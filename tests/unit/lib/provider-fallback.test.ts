import { expect, test } from 'vitest';
import { CATALOGUE, sandboxEntry } from '../../../server/db/provider-catalogue.ts';
import { FALLBACK_PROVIDERS, SANDBOX_PROVIDER_NAME } from '../../../src/lib/provider-fallback.ts';

test("the fallback list is the server's built-in catalogue, sandbox first", () => {
  const shipped = [sandboxEntry('https://payrail.example'), ...CATALOGUE].map(({ name, displayName }) => ({ name, displayName }));
  expect(FALLBACK_PROVIDERS).toEqual(shipped);
  expect(FALLBACK_PROVIDERS[0]?.name).toBe(SANDBOX_PROVIDER_NAME);
});
