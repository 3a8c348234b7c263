// Sample users and organisations for the Users and Settings tests.
import type { ListPage } from '../../../src/lib/api/list.ts';
import type { Organisation, User } from '../../../src/lib/api/types.ts';

export const superadmin: User = {
  id: 1,
  name: 'Platform Admin',
  email: 'admin@payrail.test',
  role: 'superadmin',
  avatar: null,
  orgId: null,
  organisation: null,
};

export const orgadmin: User = {
  id: 2,
  name: 'Kofi Boateng',
  email: 'kofi@acme.test',
  role: 'orgadmin',
  avatar: null,
  orgId: 7,
  organisation: { id: 7, name: 'Acme Ltd' },
};

export const member: User = {
  id: 3,
  name: 'Ama Mensah',
  email: 'ama@acme.test',
  role: 'orgadmin',
  avatar: 'http://cdn.example/ama.png',
  orgId: 7,
  organisation: { id: 7, name: 'Acme Ltd' },
};

export const organisation: Organisation = {
  id: 7,
  name: 'Acme Ltd',
  email: 'billing@acme.test',
  code: 'ACME',
  country: 'Ghana',
  countryCode: 'GH',
  currencies: ['GHS', 'USD'],
  defaultCurrency: 'GHS',
  callbackUrl: null,
  notifierUrl: null,
  addressLine1: '12 Independence Avenue',
  addressLine2: null,
  city: 'Accra',
  state: null,
  postalCode: null,
  phone: null,
  websiteUrl: null,
  taxId: null,
  registrationNumber: null,
  invoiceFooterNote: null,
  collectsGovernmentPayments: false,
  receiptTitle: 'Official Receipt',
  logoPosition: 'left',
  logoUrl: null,
  logo: null,
  apiToken: '••••abcd',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

export const otherOrganisation: Organisation = {
  ...organisation,
  id: 9,
  name: 'Beta Payments',
  code: 'BETA',
  currencies: ['KES'],
  defaultCurrency: 'KES',
};

/** A list page as the API modules resolve it. */
export function pageOf<T>(items: T[], total = items.length): ListPage<T> {
  return { items, total, page: 1, pageSize: 10 };
}

/** A File as a file input would hand it over. */
export function imageFile(name = 'pixel.png', type = 'image/png'): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type });
}
