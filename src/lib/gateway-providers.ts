// The payment providers the gateway forms offer (docs/console.md#roles: superadmins read the provider list,
// everyone else the constraints list; docs/console.md#messages: 'Failed to load providers' falls back to a built-in list).
import type { HmacAlgo, Provider, ProviderConstraints } from './api/types.ts';
import { FALLBACK_PROVIDERS } from './provider-fallback.ts';

/** One provider as the gateway forms use it, whichever list it came from. */
export interface ProviderOption {
  /** Slug sent as the gateway's `provider` (and used in /webhooks/psp/{name}). */
  name: string;
  displayName: string;
  /** Credential fields the provider requires (e.g. secretKey) and those it may use. */
  required: readonly string[];
  optional: readonly string[];
  defaultBaseUrl: string | null;
  /** The HMAC algorithm of the provider's webhook signatures, when known. */
  hmacAlgo?: HmacAlgo | undefined;
  /** A worked config for the provider (provider list only), to pre-fill a new gateway. */
  sampleConfig?: unknown;
}

/** What a provider asks for when nothing else is known (the documented provider example, docs/console.md#entities). */
export const DOCUMENTED_CONSTRAINTS = {
  required: ['secretKey', 'publicKey', 'webhookSecret'],
  optional: ['baseUrl', 'sandbox'],
} as const;

/** What the gateway form knows of the built-in providers without asking the server. */
const BUILT_IN_DETAILS: Record<string, Pick<ProviderOption, 'required' | 'optional' | 'defaultBaseUrl' | 'hmacAlgo'>> = {
  sandbox: {
    required: ['secretKey', 'webhookSecret'],
    optional: ['publicKey', 'baseUrl', 'sandbox'],
    defaultBaseUrl: null,
    hmacAlgo: 'sha256',
  },
  paystack: { ...DOCUMENTED_CONSTRAINTS, defaultBaseUrl: 'https://api.paystack.co', hmacAlgo: 'sha512' },
  hubtel: { ...DOCUMENTED_CONSTRAINTS, defaultBaseUrl: 'https://payproxyapi.hubtel.com', hmacAlgo: 'sha256' },
  xmlpay: { ...DOCUMENTED_CONSTRAINTS, defaultBaseUrl: 'https://gateway.xmlpay.example', hmacAlgo: 'sha256' },
};

/** The built-in providers (the console's shared fallback list) as options, offered when the provider list cannot be loaded. */
export const FALLBACK_PROVIDER_OPTIONS: readonly ProviderOption[] = FALLBACK_PROVIDERS.map((provider) => ({
  ...provider,
  ...(BUILT_IN_DETAILS[provider.name] ?? { ...DOCUMENTED_CONSTRAINTS, defaultBaseUrl: null }),
}));

/** The provider list (GET /psp) as options, in the server's order. */
export function optionsFromProviders(providers: readonly Provider[]): ProviderOption[] {
  return providers.map((provider) => ({
    name: provider.name,
    displayName: provider.displayName.trim() || provider.name,
    required: provider.constraintsRequired,
    optional: provider.constraintsOptional,
    defaultBaseUrl: provider.defaultBaseUrl,
    hmacAlgo: provider.hmacAlgo,
    sampleConfig: provider.sampleConfig ?? undefined,
  }));
}

/** The constraints list (GET /gateways/providers/constraints) as options, by name; built-in names get their display names. */
export function optionsFromConstraints(constraints: ProviderConstraints): ProviderOption[] {
  return Object.entries(constraints)
    .map(([name, entry]) => {
      const known = FALLBACK_PROVIDER_OPTIONS.find((option) => option.name === name);
      return {
        name,
        displayName: known?.displayName ?? name,
        required: entry.required,
        optional: entry.optional,
        defaultBaseUrl: entry.defaultBaseUrl,
        hmacAlgo: known?.hmacAlgo,
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** The option of a provider name, if it is offered. */
export function findProviderOption(options: readonly ProviderOption[], name: string): ProviderOption | undefined {
  return options.find((option) => option.name === name);
}
