// An organisation of its own for the dashboard and AI analyst specs, with payments made through the API, so the
// figures these specs assert never depend on what other specs do to the demo organisation.
import { expect, type APIRequestContext } from '@playwright/test';
import { SUPERADMIN, type Account } from './constants.ts';
import { apiCreateOrganisation, apiCreateUser, apiToken, uniqueTag, type CreatedOrganisation } from './users-api.ts';

export interface DashboardOrganisation {
  organisation: CreatedOrganisation;
  orgadmin: Account;
  /** The customer with 12 payments (GH₵1.00 … GH₵12.00, all Pending): more than one page of analyst results. */
  pagingCustomer: string;
}

/**
 * Payments: GH₵150.00 marked paid, GH₵49.50 pending, US$10.00 pending, and twelve pending for the paging customer.
 * Totals: GH₵277.50 (Success GH₵150.00, Pending GH₵127.50, Failed GH₵0.00) and US$10.00 pending.
 */
export async function createDashboardOrganisation(request: APIRequestContext, label: string): Promise<DashboardOrganisation> {
  const tag = uniqueTag();
  const superToken = await apiToken(request, SUPERADMIN);
  const organisation = await apiCreateOrganisation(
    request,
    superToken,
    `${label} ${tag}`,
    `${label.slice(0, 4).toUpperCase()}${tag.toUpperCase()}`.slice(0, 20),
  );
  const orgadmin: Account = {
    email: `${label.toLowerCase().replace(/\W+/g, '.')}.${tag}@payrail.test`,
    password: 'E2e-Dashboard-Pass1',
    name: `${label} Admin`,
  };
  await apiCreateUser(request, superToken, { ...orgadmin, orgId: organisation.id, role: 'orgadmin' });
  const token = await apiToken(request, orgadmin);
  const pagingCustomer = `Esi Paging Q${tag}`;
  const create = async (amount: string, customerName: string, currency = 'GHS') => {
    const response = await request.post('/api/payments', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        amount,
        currency,
        customerName,
        customerEmail: `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.test`,
        description: `${label} payment`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const paid = await create('150.00', 'Ama Serwaa');
  const marked = await request.patch(`/api/payments/${paid}/mark-success`, { headers: { authorization: `Bearer ${token}` } });
  expect(marked.status(), await marked.text()).toBe(200);
  await create('49.50', 'Kojo Antwi');
  await create('10.00', 'John Doe', 'USD');
  for (let amount = 1; amount <= 12; amount++) await create(`${amount}.00`, pagingCustomer);
  return { organisation, orgadmin, pagingCustomer };
}
