import { count } from 'drizzle-orm';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';
import type { HmacAlgorithm } from '../../isomorphic/signing.ts';
import type { Database } from './client.ts';
import { providers } from './schema.ts';

export interface CatalogueEntry {
  name: string;
  displayName: string;
  defaultBaseUrl: string;
  constraintsRequired: string[];
  constraintsOptional: string[];
  notes: string;
  successStatuses: string[];
  verifySuccessStatuses: string[];
  webhookHeaderName: string;
  outboundHeaderName: string;
  hmacAlgo: HmacAlgorithm;
  sampleInbound: string;
  sampleOutbound: string;
  sampleConfig: GatewayConfig;
  builtIn: boolean;
}

const credentials = { required: ['secretKey', 'publicKey', 'webhookSecret'], optional: ['baseUrl', 'sandbox'] };

/**
 * Where the built-in Sandbox PSP lives: a path, which outbound calls send to the running server's own origin, so a
 * sandbox gateway or bank keeps working whatever port or PUBLIC_URL the server runs with.
 */
export const SANDBOX_PSP_PATH = '/api/sandbox-psp';

/** The built-in Sandbox PSP: the server simulates it at its own /api/sandbox-psp routes. */
export function sandboxEntry(publicUrl: string): CatalogueEntry {
  return {
    name: 'sandbox',
    displayName: 'Sandbox PSP (built in)',
    defaultBaseUrl: `${publicUrl}/api/sandbox-psp`,
    constraintsRequired: ['secretKey', 'webhookSecret'],
    constraintsOptional: ['publicKey', 'baseUrl', 'sandbox'],
    notes:
      'Simulated by Payrail itself: a hosted pay page with Pay and Fail buttons, a signed webhook back, a verify endpoint and refunds (an amount ending in .13 is declined; one ending in .17 is answered pending and completes on the refund verify, one ending in .19 by a signed refund callback). No outside network needed.',
    successStatuses: ['success', 'paid', 'completed'],
    verifySuccessStatuses: ['success'],
    webhookHeaderName: 'X-Sandbox-Signature',
    outboundHeaderName: 'X-Payrail-Signature',
    hmacAlgo: 'sha256',
    sampleInbound: JSON.stringify(
      {
        event: 'payment.completed',
        reference: 'PAY-01JD5Q8Z7X9K3M2N',
        providerReference: 'SBX-4F2A9C',
        status: 'success',
        amount: '12.50',
        currency: 'GHS',
      },
      null,
      2,
    ),
    sampleOutbound: JSON.stringify(
      {
        amount: '12.50',
        currency: 'GHS',
        reference: 'PAY-01JD5Q8Z7X9K3M2N',
        callbackUrl: 'https://merchant.example/return',
        notificationUrl: `${publicUrl}/api/webhooks/psp/sandbox`,
      },
      null,
      2,
    ),
    sampleConfig: {
      baseUrl: SANDBOX_PSP_PATH,
      auth: { type: 'bearer', tokenFrom: 'secretKey' },
      webhook: {
        signatureHeader: 'X-Sandbox-Signature',
        encoding: 'hex',
        reference: 'reference',
        status: 'status',
        providerReference: 'providerReference',
        successStatuses: ['success'],
        failedStatuses: ['failed'],
      },
      init: {
        method: 'POST',
        url: '/transactions',
        payload: {
          amount: '{amount}',
          currency: '{currency}',
          reference: '{reference}',
          customerEmail: '{customer.email}',
          callbackUrl: '{callbackUrl}',
          notificationUrl: '{notificationUrl}',
        },
        response: { providerReference: 'providerReference', checkoutUrl: 'checkoutUrl' },
      },
      verify: {
        method: 'GET',
        url: '/transactions/{reference}',
        response: { status: 'status', providerReference: 'providerReference' },
        successStatuses: ['success'],
        failedStatuses: ['failed'],
      },
      refund: {
        method: 'POST',
        url: '/refunds',
        payload: {
          transaction: '{payment.providerReference}',
          amountMinor: '{refund.amountMinor}',
          reference: '{refund.reference}',
          reason: '{refund.reason}',
        },
        response: { providerReference: 'refundReference', status: 'status', message: 'message' },
        successStatuses: ['succeeded'],
        failedStatuses: ['failed'],
        verify: {
          method: 'GET',
          url: '/transactions/{payment.providerReference}/refunds/{refund.providerReference}',
          response: { status: 'status' },
          successStatuses: ['succeeded'],
          failedStatuses: ['failed'],
        },
        // The signed callback that settles a refund the sandbox answered pending (an amount ending in .19).
        webhook: {
          event: 'event',
          events: ['refund.succeeded', 'refund.failed'],
          reference: 'reference',
          providerReference: 'refundReference',
          status: 'status',
          message: 'message',
          successStatuses: ['succeeded'],
          failedStatuses: ['failed'],
        },
      },
    },
    builtIn: true,
  };
}

/**
 * A bank apiConfig that drives the built-in Sandbox PSP as if it were a bank's online checkout: banks hold
 * no credentials, so the sandbox key comes from the config's `settings`.
 */
export function sandboxBankConfig(publicUrl: string, apiKey: string): GatewayConfig {
  // A bank payment's refund is recorded as made outside Payrail (docs/refunds.md): no refund operation.
  const { webhook: _signedWebhook, refund: _gatewayRefund, ...config } = sandboxEntry(publicUrl).sampleConfig;
  return {
    ...config,
    auth: { type: 'bearer', token: '{secrets.config.apiKey}' },
    // Bank callbacks are never trusted on their own: only this locator is used, then `verify` decides.
    webhook: { reference: 'reference', allowUnsigned: true },
    settings: { apiKey },
  };
}

/** Realistic PSPs a Ghana-based gateway company connects. */
export const CATALOGUE: CatalogueEntry[] = [
  {
    name: 'paystack',
    displayName: 'Paystack',
    defaultBaseUrl: 'https://api.paystack.co',
    constraintsRequired: credentials.required,
    constraintsOptional: credentials.optional,
    notes: 'JSON API with bearer secret key. Webhooks are signed with HMAC-SHA512 (hex) of the raw body in x-paystack-signature.',
    successStatuses: ['success', 'paid'],
    verifySuccessStatuses: ['success'],
    webhookHeaderName: 'x-paystack-signature',
    outboundHeaderName: 'X-Payrail-Signature',
    hmacAlgo: 'sha512',
    sampleInbound: JSON.stringify(
      { event: 'charge.success', data: { reference: 'PAY-01JD5Q8Z7X9K3M2N', status: 'success', amount: 1250, currency: 'GHS' } },
      null,
      2,
    ),
    sampleOutbound: JSON.stringify(
      {
        amount: 1250,
        email: 'ama@example.com',
        currency: 'GHS',
        reference: 'PAY-01JD5Q8Z7X9K3M2N',
        callback_url: 'https://merchant.example/return',
      },
      null,
      2,
    ),
    sampleConfig: {
      baseUrl: 'https://api.paystack.co',
      auth: { type: 'bearer', tokenFrom: 'secretKey' },
      webhook: {
        signatureHeader: 'x-paystack-signature',
        encoding: 'hex',
        reference: 'data.reference',
        status: 'data.status',
        successStatuses: ['success', 'paid'],
        failedStatuses: ['failed', 'abandoned'],
      },
      init: {
        method: 'POST',
        url: '/transaction/initialize',
        payload: {
          amount: '{amountMinor}',
          email: '{customer.email}',
          currency: '{currency}',
          reference: '{reference}',
          callback_url: '{callbackUrl}',
        },
        response: { providerReference: 'data.reference', checkoutUrl: 'data.authorization_url' },
      },
      verify: {
        method: 'GET',
        url: '/transaction/verify/{reference}',
        response: { status: 'data.status' },
        successStatuses: ['success'],
        failedStatuses: ['failed', 'abandoned'],
      },
      // Paystack's refund API: `transaction` takes the transaction's reference, `amount` is in minor units. A new refund
      // is usually "pending" or "processing"; "processed" is the end of it.
      refund: {
        method: 'POST',
        url: '/refund',
        payload: { transaction: '{payment.providerReference}', amount: '{refund.amountMinor}', merchant_note: '{refund.reason}' },
        response: { providerReference: 'data.id', status: 'data.status', message: 'message' },
        successStatuses: ['processed'],
        failedStatuses: ['failed'],
        // Paystack's refund events come to the same webhook URL, signed alike; they carry the transaction's reference
        // (Payrail's payment reference, as init sent it) and the amount in minor units, which pick the refund.
        webhook: {
          event: 'event',
          events: ['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed'],
          paymentReference: 'data.transaction_reference',
          amountMinor: 'data.amount',
          status: 'data.status',
          successStatuses: ['processed'],
          failedStatuses: ['failed'],
        },
      },
    },
    builtIn: false,
  },
  {
    name: 'hubtel',
    displayName: 'Hubtel',
    defaultBaseUrl: 'https://payproxyapi.hubtel.com',
    constraintsRequired: credentials.required,
    constraintsOptional: credentials.optional,
    notes: 'Basic auth with the API id (publicKey) and key (secretKey). A ResponseCode of "000" means success.',
    successStatuses: ['000', 'success', 'paid'],
    verifySuccessStatuses: ['paid', 'success'],
    webhookHeaderName: 'X-Hubtel-Signature',
    outboundHeaderName: 'X-Payrail-Signature',
    hmacAlgo: 'sha256',
    sampleInbound: JSON.stringify(
      { ResponseCode: '000', Status: 'Success', Data: { ClientReference: 'PAY-01JD5Q8Z7X9K3M2N', Amount: 12.5, CheckoutId: 'a1b2c3' } },
      null,
      2,
    ),
    sampleOutbound: JSON.stringify(
      {
        totalAmount: '12.50',
        description: 'Order A-17',
        callbackUrl: 'https://payrail.example/api/webhooks/psp/hubtel',
        returnUrl: 'https://merchant.example/return',
        clientReference: 'PAY-01JD5Q8Z7X9K3M2N',
      },
      null,
      2,
    ),
    sampleConfig: {
      baseUrl: 'https://payproxyapi.hubtel.com',
      settings: { merchantAccount: 'YOUR-HUBTEL-MERCHANT-ACCOUNT' },
      auth: { type: 'basic', username: '{secrets.publicKey}', password: '{secrets.secretKey}' },
      webhook: {
        signatureHeader: 'X-Hubtel-Signature',
        encoding: 'hex',
        reference: 'Data.ClientReference',
        status: 'ResponseCode',
        successStatuses: ['000'],
        failedStatuses: ['001', '002'],
      },
      init: {
        method: 'POST',
        url: '/items/initiate',
        payload: {
          totalAmount: '{amount}',
          description: 'Payment {reference}',
          callbackUrl: '{notificationUrl}',
          returnUrl: '{callbackUrl}',
          merchantAccountNumber: '{secrets.config.merchantAccount}',
          clientReference: '{reference}',
        },
        response: { providerReference: 'data.checkoutId', checkoutUrl: 'data.checkoutUrl' },
      },
      verify: {
        method: 'GET',
        url: '/transactions/{secrets.config.merchantAccount}/status?clientReference={reference}',
        response: { status: 'data.status' },
        successStatuses: ['paid'],
        failedStatuses: ['unpaid', 'refunded'],
      },
    },
    builtIn: false,
  },
  {
    name: 'xmlpay',
    displayName: 'XMLPay (XML gateway)',
    defaultBaseUrl: 'https://gateway.xmlpay.example',
    constraintsRequired: credentials.required,
    constraintsOptional: credentials.optional,
    notes:
      'XML over HTTPS: string payload with Content-Type application/xml, responses read with regex capture groups. Webhook signatures are HMAC-SHA256 base64 with a "sha256=" prefix.',
    successStatuses: ['PAID', 'SUCCESS', 'COMPLETED'],
    verifySuccessStatuses: ['PAID'],
    webhookHeaderName: 'X-XMLPay-Signature',
    outboundHeaderName: 'X-Payrail-Signature',
    hmacAlgo: 'sha256',
    sampleInbound:
      '<Notification><Reference>PAY-01JD5Q8Z7X9K3M2N</Reference><TransactionId>XP-778812</TransactionId><Status>PAID</Status></Notification>',
    sampleOutbound:
      '<PaymentRequest><MerchantId>M-9</MerchantId><Amount>12.50</Amount><Currency>GHS</Currency><Reference>PAY-01JD5Q8Z7X9K3M2N</Reference><ReturnUrl>https://merchant.example/return</ReturnUrl></PaymentRequest>',
    sampleConfig: {
      baseUrl: 'https://gateway.xmlpay.example',
      settings: { merchantId: 'YOUR-XMLPAY-MERCHANT-ID' },
      auth: { type: 'header', headerName: 'X-Api-Key', value: '{secrets.secretKey}' },
      webhook: {
        signatureHeader: 'X-XMLPay-Signature',
        stripPrefix: 'sha256=',
        encoding: 'base64',
        regex: true,
        reference: '<Reference>([^<]+)</Reference>',
        status: '<Status>([^<]+)</Status>',
        providerReference: '<TransactionId>([^<]+)</TransactionId>',
        successStatuses: ['PAID'],
        failedStatuses: ['DECLINED', 'CANCELLED'],
      },
      init: {
        method: 'POST',
        url: '/api/payments',
        contentType: 'application/xml',
        payload:
          '<PaymentRequest><MerchantId>{secrets.config.merchantId}</MerchantId><Amount>{amount}</Amount><Currency>{currency}</Currency><Reference>{reference}</Reference><ReturnUrl>{callbackUrl}</ReturnUrl><NotifyUrl>{notificationUrl}</NotifyUrl></PaymentRequest>',
        response: {
          format: 'xml',
          providerReference: '<TransactionId>([^<]+)</TransactionId>',
          checkoutUrl: '<RedirectUrl>([^<]+)</RedirectUrl>',
        },
      },
      verify: {
        method: 'GET',
        url: '/api/payments/{reference}',
        response: { format: 'xml', status: '<Status>([^<]+)</Status>' },
        successStatuses: ['PAID'],
        failedStatuses: ['DECLINED', 'CANCELLED'],
      },
    },
    builtIn: false,
  },
];

/** Fills an empty provider table with the catalogue (the sandbox pointing at this server). */
export async function seedProviders(db: Database, publicUrl: string): Promise<void> {
  const [row] = await db.select({ total: count() }).from(providers);
  if ((row?.total ?? 0) > 0) return;
  await db.insert(providers).values([sandboxEntry(publicUrl), ...CATALOGUE]);
}
