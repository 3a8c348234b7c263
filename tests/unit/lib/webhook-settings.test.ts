import { expect, test } from 'vitest';
import type { WebhookConfig } from '../../../src/lib/api/webhooks.ts';
import {
  CALLBACK_URL_INVALID,
  CHECKOUT_ROTATE_FAILED,
  CHECKOUT_URL_FAILED,
  CHECKOUT_URL_FETCHED,
  CHECKOUT_URL_ROTATED,
  COPIED,
  HEADER_INVALID,
  HEADER_REQUIRED,
  NOTIFIER_URL_INVALID,
  RECORD_URL_FAILED,
  RECORD_URL_FETCHED,
  SECRET_GENERATED,
  SECRET_INVALID,
  WEBHOOK_SECURITY_FAILED,
  WEBHOOK_SECURITY_SAVED,
  WEBHOOK_SETTINGS_FAILED,
  WEBHOOK_SETTINGS_SAVED,
  localDateTimeValue,
  recoverResultText,
  recoverSince,
  checkWebhookSecurity,
  checkWebhookSettings,
  deliveryRefreshMs,
  deliveryStatusClass,
  webhookSecurityForm,
  webhookSettingsForm,
} from '../../../src/lib/webhook-settings.ts';

const config: WebhookConfig = {
  callbackUrl: 'https://merchant.example/hooks',
  notifierUrl: null,
  autoNotify: true,
  webhookSecret: '••••abcd',
  outboundHeaderName: '',
  outboundTimestampHeader: 'X-Custom-Time',
  callbackDisabled: false,
};

test('the spec texts are verbatim', () => {
  expect([
    WEBHOOK_SETTINGS_SAVED,
    WEBHOOK_SETTINGS_FAILED,
    WEBHOOK_SECURITY_SAVED,
    WEBHOOK_SECURITY_FAILED,
    SECRET_GENERATED,
    CHECKOUT_URL_FETCHED,
    CHECKOUT_URL_FAILED,
    CHECKOUT_URL_ROTATED,
    CHECKOUT_ROTATE_FAILED,
    RECORD_URL_FETCHED,
    RECORD_URL_FAILED,
    COPIED,
  ]).toEqual([
    'Webhook settings saved successfully!',
    'Failed to save webhook settings.',
    'Webhook security saved.',
    'Failed to save webhook security.',
    'Secret generated. Remember to save.',
    'Checkout URL fetched.',
    'Failed to fetch checkout URL.',
    'Checkout URL rotated.',
    'Failed to rotate checkout token.',
    'Record URL fetched.',
    'Failed to fetch record URL.',
    'Copied to clipboard',
  ]);
});

test('forms start from the stored config, with the default header names when none are set', () => {
  expect(webhookSettingsForm(config)).toEqual({ callbackUrl: 'https://merchant.example/hooks', notifierUrl: '', autoNotify: true });
  expect(webhookSecurityForm(config)).toEqual({
    webhookSecret: '••••abcd',
    outboundHeaderName: 'X-Payrail-Signature',
    outboundTimestampHeader: 'X-Custom-Time',
  });
  expect(webhookSecurityForm({ ...config, webhookSecret: null }).webhookSecret).toBe('');
});

test('webhook settings send the callback URL as webhookUrl; blanks clear; non-http URLs are refused', () => {
  expect(checkWebhookSettings({ callbackUrl: ' https://a.example/x ', notifierUrl: '  ', autoNotify: false })).toEqual({
    ok: true,
    value: { webhookUrl: 'https://a.example/x', notifierUrl: null, autoNotify: false },
  });
  expect(checkWebhookSettings({ callbackUrl: 'ftp://a.example', notifierUrl: 'not a url', autoNotify: true })).toEqual({
    ok: false,
    errors: { callbackUrl: CALLBACK_URL_INVALID, notifierUrl: NOTIFIER_URL_INVALID },
  });
});

test('security: the masked hint keeps the secret, blank clears it, a new one must be whsec_; header names are HTTP tokens', () => {
  const headers = { outboundHeaderName: ' X-Sig ', outboundTimestampHeader: 'X-Ts' };
  expect(checkWebhookSecurity({ webhookSecret: '••••abcd', ...headers }, '••••abcd')).toEqual({
    ok: true,
    value: { webhookSecret: '••••abcd', outboundHeaderName: 'X-Sig', outboundTimestampHeader: 'X-Ts' },
  });
  expect(checkWebhookSecurity({ webhookSecret: ' ', ...headers }, '••••abcd')).toMatchObject({ ok: true, value: { webhookSecret: null } });
  expect(checkWebhookSecurity({ webhookSecret: 'whsec_abc', ...headers }, null)).toMatchObject({
    ok: true,
    value: { webhookSecret: 'whsec_abc' },
  });
  expect(checkWebhookSecurity({ webhookSecret: 'secret', outboundHeaderName: 'X Sig', outboundTimestampHeader: '' }, null)).toEqual({
    ok: false,
    errors: { webhookSecret: SECRET_INVALID, outboundHeaderName: HEADER_INVALID, outboundTimestampHeader: HEADER_REQUIRED },
  });
  expect(checkWebhookSecurity({ webhookSecret: '', outboundHeaderName: 'X-Sig:', outboundTimestampHeader: 'X-Ts\n' }, null)).toMatchObject({
    ok: false,
    errors: { outboundHeaderName: HEADER_INVALID },
  });
});

test('delivery statuses: Success green, Pending and Retrying amber, the rest red', () => {
  expect(deliveryStatusClass('Success')).toBe('badge badge--success');
  expect(deliveryStatusClass('Pending')).toBe('badge badge--warning');
  expect(deliveryStatusClass('Retrying')).toBe('badge badge--warning');
  expect(deliveryStatusClass('Failed')).toBe('badge badge--danger');
  expect(deliveryStatusClass('Disabled')).toBe('badge badge--danger');
});

test('the Delivery Logs look again soon while a delivery is pending or about to be retried', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(deliveryRefreshMs([{ status: 'Success', nextAttemptAt: null }], now)).toBeNull();
  expect(deliveryRefreshMs([{ status: 'Pending', nextAttemptAt: null }], now)).toBe(1500);
  expect(deliveryRefreshMs([{ status: 'Retrying', nextAttemptAt: '2026-01-01T00:00:05Z' }], now)).toBe(6000);
  expect(deliveryRefreshMs([{ status: 'Retrying', nextAttemptAt: '2026-01-01T00:05:00Z' }], now)).toBeNull();
  expect(deliveryRefreshMs([{ status: 'Failed', nextAttemptAt: null }], now)).toBeNull();
});

test('recover: reads a datetime-local value as local time and refuses empty, unreadable and future ones', () => {
  const now = new Date('2026-11-27T12:00:00Z').getTime();
  expect(recoverSince('2026-11-20T08:30', now)).toBe(new Date('2026-11-20T08:30').toISOString());
  for (const value of ['', 'yesterday', '2026-13-45T00:00', '2099-01-01T00:00']) expect(recoverSince(value, now), value).toBeNull();
  expect(localDateTimeValue(new Date(2026, 10, 5, 7, 3))).toBe('2026-11-05T07:03');
});

test('recover: says how many were queued and when more remain', () => {
  expect(recoverResultText({ requeued: 0, limit: 500, more: false })).toBe('No failed deliveries to resend since then.');
  expect(recoverResultText({ requeued: 1, limit: 500, more: false })).toBe('1 failed delivery queued again.');
  expect(recoverResultText({ requeued: 500, limit: 500, more: true })).toBe(
    '500 failed deliveries queued again. More remain (at most 500 a time): resend again.',
  );
});
