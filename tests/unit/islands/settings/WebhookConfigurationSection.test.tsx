// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import WebhookConfigurationSection from '../../../../src/islands/settings/WebhookConfigurationSection.tsx';
import type { WebhookConfig, WebhookDelivery } from '../../../../src/lib/api/webhooks.ts';
import { $loading } from '../../../../src/lib/stores/loading.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

const CONFIG: WebhookConfig = {
  callbackUrl: 'https://merchant.example/hooks',
  notifierUrl: null,
  autoNotify: false,
  webhookSecret: null,
  outboundHeaderName: 'X-Payrail-Signature',
  outboundTimestampHeader: 'X-Payrail-Timestamp',
  callbackDisabled: false,
};
const DELIVERY: WebhookDelivery = {
  id: 7,
  timestamp: '2026-11-22T10:00:00.000Z',
  event: 'payment.succeeded',
  eventId: 'msg_1',
  url: 'https://merchant.example/hooks',
  status: 'Failed',
  attempt: 8,
  responseCode: 500,
  nextAttemptAt: null,
  error: 'HTTP 500',
};

const toastTexts = () => $toasts.get().map((toast) => (toast.title ? `${toast.title} ${toast.message}` : toast.message));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $loading.set({ count: 0, message: '' });
});

/** Serves the config and one delivery for `base` (my-organisation or 5); `other` answers the rest. */
function serve(base: string, other: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    if (request.method === 'GET' && request.path === `${base}/webhook-config`) return { body: CONFIG };
    if (request.method === 'GET' && request.path === `${base}/webhook-deliveries`) return { body: listOf([DELIVERY]) };
    return other(request);
  });
}

async function renderSection(organisationId: number | null) {
  render(<WebhookConfigurationSection organisationId={organisationId} />);
  const section = screen.getByRole('region', { name: 'Webhook Configuration' });
  await within(section).findByRole('region', { name: 'Callback & Notifier' });
  await within(section).findByText('payment.succeeded');
  return section;
}

const part = (section: HTMLElement, name: string) => within(section).getByRole('region', { name });

test("an orgadmin's save sends webhookUrl from the callback URL to my-organisation", async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) =>
    request.method === 'PATCH' ? { body: { ...CONFIG, notifierUrl: 'https://n.example/x', autoNotify: true } } : undefined,
  );
  const section = await renderSection(null);
  const settings = part(section, 'Callback & Notifier');
  expect(within(settings).getByLabelText<HTMLInputElement>('Callback URL').type).toBe('url');
  fireEvent.change(within(settings).getByLabelText('Notifier URL'), { target: { value: 'https://n.example/x' } });
  fireEvent.click(within(settings).getByRole('switch', { name: 'Auto-notify' }));
  fireEvent.click(within(settings).getByRole('button', { name: 'Save Webhook Settings' }));
  await waitFor(() => expect(toastTexts()).toContain('Webhook settings saved successfully!'));
  const patch = requests.find((request) => request.method === 'PATCH');
  expect(patch?.path).toBe('/api/organisations/my-organisation/webhook-config');
  expect(patch?.body).toEqual({ webhookUrl: 'https://merchant.example/hooks', notifierUrl: 'https://n.example/x', autoNotify: true });
});

test("a superadmin acts on the chosen organisation; a refused save says 'Failed to save webhook settings.'", async () => {
  const { requests } = serve('/api/organisations/5', (request) =>
    request.method === 'PATCH' ? errorBody(400, 'Bad Request', 'Callback URL: private addresses are not allowed.') : undefined,
  );
  const section = await renderSection(5);
  fireEvent.click(within(part(section, 'Callback & Notifier')).getByRole('button', { name: 'Save Webhook Settings' }));
  await waitFor(() => expect(toastTexts()).toContain('Failed to save webhook settings. Callback URL: private addresses are not allowed.'));
  expect(requests.some((request) => request.path === '/api/organisations/5/webhook-config' && request.method === 'PATCH')).toBe(true);
});

test('Generate fills a whsec_ secret that is only sent on save, with the header names', async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) =>
    request.method === 'PATCH' ? { body: { ...CONFIG, webhookSecret: '••••beef' } } : undefined,
  );
  const section = await renderSection(null);
  const signing = part(section, 'Outbound Signing');
  fireEvent.click(within(signing).getByRole('button', { name: 'Generate' }));
  expect(toastTexts()).toEqual(['Secret generated. Remember to save.']);
  const secret = within(signing).getByLabelText<HTMLInputElement>('Webhook Secret').value;
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  fireEvent.click(within(signing).getByRole('button', { name: 'Save Security' }));
  await waitFor(() => expect(toastTexts()).toContain('Webhook security saved.'));
  expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
    webhookSecret: secret,
    outboundHeaderName: 'X-Payrail-Signature',
    outboundTimestampHeader: 'X-Payrail-Timestamp',
  });
  expect(within(signing).getByLabelText<HTMLInputElement>('Webhook Secret').value).toBe('••••beef');
});

test('a failed fetch leaves the Checkout URL empty; Record URL fetches; rotation asks first', async () => {
  let failCheckout = false;
  serve('/api/organisations/my-organisation', (request) => {
    if (request.path.endsWith('/checkout-url'))
      return failCheckout ? errorBody(500, 'Internal Server Error', 'Boom') : { body: { url: 'http://x/pay/old' } };
    if (request.path.endsWith('/record-url')) return { body: { url: 'http://x/api/payment/record/old.sig' } };
    if (request.path.endsWith('/checkout-token/rotate')) return { body: { url: 'http://x/pay/new' } };
    return undefined;
  });
  const section = await renderSection(null);
  const checkout = part(section, 'Public Checkout URL');
  const field = within(checkout).getByRole<HTMLInputElement>('textbox', { name: 'Checkout URL' });
  fireEvent.click(within(checkout).getByRole('button', { name: 'Fetch Checkout URL' }));
  await waitFor(() => expect(field.value).toBe('http://x/pay/old'));
  expect(toastTexts()).toContain('Checkout URL fetched.');
  failCheckout = true;
  fireEvent.click(within(checkout).getByRole('button', { name: 'Fetch Checkout URL' }));
  await waitFor(() => expect(toastTexts()).toContain('Failed to fetch checkout URL. Boom'));
  expect(field.value).toBe('');

  const record = part(section, 'Public Record URL');
  fireEvent.click(within(record).getByRole('button', { name: 'Fetch Record URL' }));
  await waitFor(() => expect(toastTexts()).toContain('Record URL fetched.'));

  fireEvent.click(within(checkout).getByRole('button', { name: 'Rotate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rotate checkout URL' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
  });
  await waitFor(() => expect(toastTexts()).toContain('Checkout URL rotated.'));
  expect(field.value).toBe('http://x/pay/new');
});

test("Delivery Logs: a failed delivery is red with its response code; Resend and 'Send test event' queue again", async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) => {
    if (request.path.endsWith('/webhook-deliveries/7/resend')) return { status: 202, body: { ...DELIVERY, status: 'Pending' } };
    if (request.path.endsWith('/webhook-test')) return errorBody(400, 'Bad Request', 'Set a callback URL first.');
    return undefined;
  });
  const section = await renderSection(null);
  const deliveries = part(section, 'Delivery Logs');
  const row = within(deliveries).getByText('payment.succeeded').closest('tr') as HTMLElement;
  expect(within(row).getByText('Failed').className).toBe('badge badge--danger');
  expect(within(row).getByText('500')).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: /^Resend/ }));
  await waitFor(() => expect(toastTexts()).toContain('Delivery queued again.'));
  expect(requests.some((request) => request.method === 'POST' && request.path.endsWith('/webhook-deliveries/7/resend'))).toBe(true);
  fireEvent.click(within(deliveries).getByRole('button', { name: 'Send test event' }));
  await waitFor(() => expect(toastTexts()).toContain('Failed to send test event. Set a callback URL first.'));
});

test('Delivery Logs: Attempts lists every attempt of a delivery with its answer', async () => {
  serve('/api/organisations/5', (request) =>
    request.path.endsWith('/webhook-deliveries/7/attempts')
      ? {
          body: [
            {
              attempt: 1,
              startedAt: '2026-11-22T10:00:00.000Z',
              durationMs: 40,
              statusCode: 500,
              responseExcerpt: 'upstream exploded',
              error: null,
            },
            {
              attempt: 2,
              startedAt: '2026-11-22T10:00:05.000Z',
              durationMs: 15000,
              statusCode: null,
              responseExcerpt: null,
              error: 'Timed out',
            },
          ],
        }
      : undefined,
  );
  const section = await renderSection(5);
  const row = within(part(section, 'Delivery Logs')).getByText('payment.succeeded').closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: /^Attempts/ }));
  const attempts = await screen.findByRole('list', { name: 'Attempts of payment.succeeded' });
  expect(
    within(attempts)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    expect.stringMatching(/^#1.*HTTP 500.*40 ms.*upstream exploded$/),
    expect.stringMatching(/^#2.*No answer.*15\.0 s.*Timed out$/),
  ]);
});

test("Delivery Logs: 'Resend failed since' sends the chosen time, reports the count, and refuses a future time", async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) =>
    request.path.endsWith('/webhook-deliveries/recover') ? { status: 202, body: { requeued: 3, limit: 500, more: false } } : undefined,
  );
  const section = await renderSection(null);
  const deliveries = part(section, 'Delivery Logs');
  const since = within(deliveries).getByLabelText<HTMLInputElement>('Resend failed since');
  fireEvent.change(since, { target: { value: '2099-01-01T00:00' } });
  fireEvent.click(within(deliveries).getByRole('button', { name: 'Resend failed' }));
  expect(await within(deliveries).findByText('Choose a date and time in the past.')).toBeTruthy();
  expect(requests.some((request) => request.path.endsWith('/recover'))).toBe(false);

  fireEvent.change(since, { target: { value: '2026-11-20T08:30' } });
  fireEvent.click(within(deliveries).getByRole('button', { name: 'Resend failed' }));
  await waitFor(() => expect(toastTexts()).toContain('3 failed deliveries queued again.'));
  const recover = requests.find((request) => request.path.endsWith('/webhook-deliveries/recover'));
  expect(recover?.body).toEqual({ since: new Date('2026-11-20T08:30').toISOString() });
});
