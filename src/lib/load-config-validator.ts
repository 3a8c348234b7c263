// The shared gateway config validator, loaded on demand: its JSON Schema engine stays out of the
// initial JavaScript of pages that only sometimes show a config.
import type { ConfigReport } from '../../isomorphic/gateway-config/index.ts';

export type ConfigTextValidator = (text: string) => ConfigReport;

let pending: Promise<ConfigTextValidator> | undefined;

/** validateGatewayConfigText, once loaded. */
export function loadConfigValidator(): Promise<ConfigTextValidator> {
  pending ??= import('../../isomorphic/gateway-config/index.ts').then(
    (module) => module.validateGatewayConfigText,
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
