// Wire shapes shared by the console's API modules (spec §3, server contract).

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

/** Settings an orgadmin may change (spec §3 "Organisation settings", minus webhook fields). */
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
