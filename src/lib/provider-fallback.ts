// The provider list the console falls back to when GET /psp cannot be loaded (docs/console.md#messages 'Failed to
// load providers'). Framework-free: the Providers and Gateways screens both use it.

/** A provider as far as the fallback knows it: its slug and the name people read. */
export interface FallbackProvider {
  /** Slug used in webhook URLs (/webhooks/psp/{name}) and in gateway configs. */
  name: string;
  displayName: string;
}

/** The providers every Payrail installation ships with (the server's built-in catalogue). */
export const FALLBACK_PROVIDERS: readonly FallbackProvider[] = [
  { name: 'sandbox', displayName: 'Sandbox PSP (built in)' },
  { name: 'paystack', displayName: 'Paystack' },
  { name: 'hubtel', displayName: 'Hubtel' },
  { name: 'xmlpay', displayName: 'XMLPay (XML gateway)' },
];

/** The slug of the built-in Sandbox PSP, which can never be removed. */
export const SANDBOX_PROVIDER_NAME = 'sandbox';
