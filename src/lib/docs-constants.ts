// Placeholders the Integration Docs use in samples; tests substitute real values when running them.

/** The example public origin of a Payrail installation in the docs (PAYRAIL_URL in the samples). */
export const DOCS_PUBLIC_URL = 'https://payrail.example.com';

/** Environment variables the runnable samples read, with what each holds. */
export const SAMPLE_ENVIRONMENT = {
  PAYRAIL_URL: 'the origin of your Payrail installation, e.g. https://payrail.example.com (the API is under /api)',
  PAYRAIL_API_TOKEN: "your organisation's API token (prt_…), for server-to-server calls",
  PAYRAIL_USER_TOKEN: 'a console session token (access_token of POST /api/auth/login) of an organisation admin',
  PAYRAIL_ADMIN_TOKEN: 'a console session token of a platform superadmin',
  PAYMENT_REFERENCE: 'a payment reference, PAY-…',
  CHECKOUT_TOKEN: "the token at the end of your organisation's checkout URL",
  RECORD_TOKEN: 'the token at the end of your organisation’s Record URL',
  PAYRAIL_WEBHOOK_SECRET: "your organisation's outbound webhook secret (whsec_…)",
  GATEWAY_WEBHOOK_SECRET: "the gateway's webhook secret, used by the PSP to sign callbacks",
} as const;
