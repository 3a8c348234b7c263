// Wire shapes shared by the console's API modules (docs/console.md#entities, server contract).

export type Role = 'superadmin' | 'orgadmin';

export interface OrganisationRef {
  id: number;
  name: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  orgId: number | null;
  organisation: OrganisationRef | null;
}

/** Replies that only carry a human-readable outcome. */
export interface MessageResponse {
  message: string;
}

export interface Country {
  id: number;
  name: string;
  code: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Currency {
  id: number;
  name: string;
  code: string;
  baseUnit: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type LogoPosition = 'left' | 'center';

/** Settings an orgadmin may change (docs/console.md#entities "Organisation settings", minus webhook fields). */
export interface OrganisationSettings {
  defaultCurrency?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  phone?: string | null;
  websiteUrl?: string | null;
  taxId?: string | null;
  registrationNumber?: string | null;
  invoiceFooterNote?: string | null;
  collectsGovernmentPayments?: boolean;
  receiptTitle?: string | null;
  logoPosition?: LogoPosition;
  callbackUrl?: string | null;
  notifierUrl?: string | null;
}

export interface Organisation extends Required<OrganisationSettings> {
  id: number;
  name: string;
  email: string;
  code: string;
  /** Country name. */
  country: string | null;
  countryCode: string | null;
  currencies: string[];
  logoUrl: string | null;
  logo: string | null;
  /** In full for superadmins, masked (••••abcd) for the organisation itself. */
  apiToken: string;
  createdAt: string;
  updatedAt: string;
}

/** Everything a superadmin may set; country is a name or 2-letter code, currencies a list or comma-separated. */
export interface OrganisationInput extends OrganisationSettings {
  name?: string;
  email?: string;
  code?: string;
  country?: string;
  currencies?: string[] | string;
}

export interface UploadedFile {
  url: string;
  contentType: string;
  size: number;
}

export type HmacAlgo = 'sha256' | 'sha1' | 'sha512';

export interface Provider {
  id: number;
  /** Slug used in webhook URLs: /webhooks/psp/{name}. */
  name: string;
  displayName: string;
  defaultBaseUrl: string | null;
  constraintsRequired: string[];
  constraintsOptional: string[];
  notes: string | null;
  successStatuses: string[];
  verifySuccessStatuses: string[];
  webhookHeaderName: string | null;
  outboundHeaderName: string | null;
  hmacAlgo: HmacAlgo;
  sampleInbound: string | null;
  sampleOutbound: string | null;
  sampleConfig: unknown;
  builtIn: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ProviderInput = Partial<Omit<Provider, 'id' | 'builtIn' | 'createdAt' | 'updatedAt'>> & { name: string };

/** Credentials each provider asks for, keyed by provider name. */
export type ProviderConstraints = Record<string, { required: string[]; optional: string[]; defaultBaseUrl: string | null }>;

export interface Gateway {
  id: number;
  orgId: number | null;
  name: string;
  /** Provider name (slug). */
  provider: string;
  providerId: number;
  providerDisplayName: string;
  /** Credentials come back masked (••••abcd); sending the mask back keeps the stored value. */
  publicKey: string | null;
  secretKey: string | null;
  webhookSecret: string | null;
  baseUrl: string | null;
  hmacAlgo: HmacAlgo;
  sandbox: boolean;
  priority: number;
  enabled: boolean;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface GatewayInput {
  name?: string;
  provider?: string | number;
  publicKey?: string | null;
  secretKey?: string | null;
  webhookSecret?: string | null;
  baseUrl?: string | null;
  hmacAlgo?: HmacAlgo;
  sandbox?: boolean;
  priority?: number;
  enabled?: boolean;
  config?: unknown;
}

export interface Bank {
  id: number;
  orgId: number | null;
  code: string;
  name: string;
  logoUrl: string | null;
  apiConfig: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface BankInput {
  code?: string;
  name?: string;
  logoUrl?: string | null;
  apiConfig?: unknown;
}

/** Which endpoints a screen uses: the global ones (superadmin) or the caller's organisation's. */
export type Scope = 'global' | 'organisation';
