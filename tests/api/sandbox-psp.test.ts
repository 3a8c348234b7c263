import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { callInit, callVerify } from '../../server/services/adapter/http-adapter.ts';
import { readInboundWebhook, verifyInboundSignature } from '../../server/services/adapter/inbound-webhook.ts';
import type { GatewayConfig } from '../../src/lib/gateway-config/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/net.ts';

let t: TestApp;
let publicUrl: string;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let config: GatewayConfig;
const credentials = { publicKey: '', secretKey: 'sk_sandbox_demo' };

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl, allowPrivateTargets: true });
  await t.app.listen({ port, host: '127.0.0.1' });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  config = sandboxEntry(publicUrl).sampleConfig;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await t.close();
});

const options = () => ({ policy: { allowPrivate: false, trustedOrigins: [new URL(publicUrl).origin] }, clock: systemClock });
const values = (reference: string) => ({
  amount: '25.00',
  amountMinor: 2500,
  currency: 'GHS',
  reference,
  callbackUrl: 'https://merchant.test/return',
  notificationUrl: receiverUrl,
  customer: { email: 'kofi@example.com', name: 'Kofi', phone: null },
  meta: {},
});

describe('the Sandbox PSP through the generic adapter', () => {
  it('runs init → pay page → Pay → signed webhook → verify, with no outside network', async () => {
    const init = await callInit(config, values('PAY-SANDBOX-1'), credentials, options());
    expect(init).toMatchObject({ outcome: 'ok', httpStatus: 201 });
    expect(init.providerReference).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect(init.checkoutUrl).toBe(`${publicUrl}/api/sandbox-psp/pay/${init.providerReference}`);

    const page = await fetch(init.checkoutUrl ?? '');
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('25.00 GHS');
    expect(html).toContain('PAY-SANDBOX-1');
    expect(html).toMatch(/<button class="pay" type="submit" name="outcome" value="success">Pay<\/button>/);

    const paid = await fetch(init.checkoutUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=success',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('https://merchant.test/return?reference=PAY-SANDBOX-1&status=success');

    const webhook = received.at(-1);
    expect(webhook).toBeDefined();
    const headers = webhook?.headers ?? {};
    expect(await verifyInboundSignature(config, 'sha256', credentials.secretKey, webhook?.body ?? '', headers, null)).toBe(true);
    expect(await verifyInboundSignature(config, 'sha256', 'sk_wrong', webhook?.body ?? '', headers, null)).toBe(false);
    expect(readInboundWebhook(config, webhook?.body ?? '')).toEqual({
      reference: 'PAY-SANDBOX-1',
      providerReference: init.providerReference,
      status: 'success',
      mappedStatus: 'success',
    });

    const verify = await callVerify(config, values('PAY-SANDBOX-1'), credentials, options());
    expect(verify).toMatchObject({ outcome: 'ok', status: 'success', mappedStatus: 'success', providerReference: init.providerReference });
  });

  it('settles once: paying again is refused and the status stays', async () => {
    const init = await callInit(config, values('PAY-SANDBOX-2'), credentials, options());
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' as const };
    expect((await fetch(init.checkoutUrl ?? '', { ...form, body: 'outcome=failed' })).status).toBe(303);
    const again = await fetch(init.checkoutUrl ?? '', { ...form, body: 'outcome=success' });
    expect(again.status).toBe(409);
    expect((await callVerify(config, values('PAY-SANDBOX-2'), credentials, options())).mappedStatus).toBe('failed');
  });

  it('escapes what it shows and hides transactions from other keys', async () => {
    const init = await callInit(config, values('<script>alert(1)</script>'), credentials, options());
    const html = await (await fetch(init.checkoutUrl ?? '')).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
    const other = await callVerify(config, values('PAY-SANDBOX-1'), { publicKey: '', secretKey: 'sk_someone_else' }, options());
    expect(other).toMatchObject({ outcome: 'psp_error', httpStatus: 404 });
    const anonymous = await fetch(`${publicUrl}/api/sandbox-psp/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":"1","currency":"GHS","reference":"x"}',
    });
    expect(anonymous.status).toBe(401);
  });
});
