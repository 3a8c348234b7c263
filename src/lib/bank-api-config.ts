// The API config a new bank starts from (docs/console.md#entities Bank, #constants "Default org-scope bank body is the same
// JSON as the superadmin's"): one worked example for both roles, in the generic HTTP adapter's format.
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';

/**
 * A bank checkout API: a header API key kept in `settings`, a hosted checkout session started by
 * init, a verify call by reference, and signed callbacks. Passes the shared config validator.
 */
export const DEFAULT_BANK_API_CONFIG: GatewayConfig = {
  baseUrl: 'https://api.bank.example',
  headers: { Accept: 'application/json' },
  settings: { apiKey: 'replace-with-your-bank-api-key', merchantId: 'replace-with-your-merchant-id' },
  auth: { type: 'header', headerName: 'X-Api-Key', value: '{secrets.config.apiKey}' },
  webhook: {
    signatureHeader: 'X-Bank-Signature',
    stripPrefix: 'sha256=',
    encoding: 'hex',
    reference: 'data.reference',
    status: 'data.status',
    providerReference: 'data.transactionId',
    successStatuses: ['success', 'paid', 'completed'],
    failedStatuses: ['failed', 'declined', 'cancelled'],
  },
  init: {
    method: 'POST',
    url: '/v1/checkout/sessions',
    payload: {
      merchantId: '{secrets.config.merchantId}',
      amount: '{amount}',
      currency: '{currency}',
      reference: '{reference}',
      customer: { name: '{customer.name}', email: '{customer.email}', phone: '{customer.phone}' },
      returnUrl: '{callbackUrl}',
      notificationUrl: '{notificationUrl}',
    },
    response: { providerReference: 'data.transactionId', checkoutUrl: 'data.checkoutUrl' },
  },
  verify: {
    method: 'GET',
    url: '/v1/checkout/sessions/{reference}',
    response: { status: 'data.status', providerReference: 'data.transactionId' },
    successStatuses: ['success', 'paid', 'completed'],
    failedStatuses: ['failed', 'declined', 'cancelled'],
  },
};

/** The default config as the editor shows it: pretty-printed with two-space indents. */
export function defaultBankApiConfigText(): string {
  return JSON.stringify(DEFAULT_BANK_API_CONFIG, null, 2);
}
