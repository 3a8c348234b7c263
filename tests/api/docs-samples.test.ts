// Every code sample of the Integration Docs, run against a live server (issue 8): curl/openssl snippets in
// bash, Node.js and Python programs (PHP when `php` exists), webhook receivers fed real signed deliveries from
// the delivery worker, gateway configs through the shared validator, and the per-provider signed callbacks
// the docs generate. The server listens on a free loopback port, with the samples' environment seeded.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { CATALOGUE, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { payments, webhookDeliveries } from '../../server/db/schema.ts';
import { deliverDueWebhooks } from '../../server/services/webhooks/delivery.ts';
import { findPaymentById } from '../../server/services/payments/payments-repository.ts';
import type { Provider } from '../../src/lib/api/types.ts';
import { validateGatewayConfig } from '../../isomorphic/gateway-config/index.ts';
import { inboundWebhookFacts, signedCallbackCommand } from '../../src/lib/psp-webhook-sample.ts';
import { buildTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';
import { docsSamples, type DocsSample } from '../helpers/docs-samples.ts';
import { freePort } from '../helpers/net.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { httpCaller } from '../helpers/request.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
// Node samples live under node_modules so their imports (e.g. standardwebhooks) resolve like in a project.
const NODE_SAMPLES_DIR = path.join(ROOT, 'node_modules', '.cache', 'payrail-docs-samples');

/** Whether an interpreter or tool is installed (`command -v`). */
function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const HAS = { python3: has('python3'), php: has('php'), openssl: has('openssl'), curl: has('curl') };
const SAMPLES = docsSamples();
const RUNNABLE = new Set(['sh', 'bash', 'js', 'python', 'php']);

const ORGADMIN = { email: 'docs.admin@docs.test', password: 'docs-admin-password' };
const GATEWAY_SECRET = 'sk_sandbox_docs_samples';
// As Settings' Generate makes them: whsec_ + 64 hex characters.
const WEBHOOK_SECRET = `whsec_${'3a8f0c1d2e4b6a79'.repeat(4)}`;

let t: TestApp;
let publicUrl = '';
let orgId = 0;
let adminToken = '';
let userToken = '';
let apiToken = '';
let work = '';
// The organisation's callback URL between receiver tests (some samples need one to exist).
let sink: WebhookReceiver | undefined;
const executed: string[] = [];
const skipped: string[] = [];

const call = httpCaller(() => publicUrl);

async function newPayment(options: { gateway?: boolean; paid?: boolean } = {}): Promise<string> {
  const created = await call('POST', '/api/payments', apiToken, {
    amount: '10.00',
    customerName: 'Sample Customer',
    customerEmail: 'sample@example.com',
    description: 'Docs sample',
    processViaGateway: options.gateway ?? true,
  });
  expect(created.status, created.text).toBe(201);
  const reference = String(created.json()['reference']);
  if (options.paid) expect((await call('PATCH', `/api/payments/${reference}/mark-success`, userToken)).status).toBe(200);
  return reference;
}

const lastSegment = (url: string) => url.split('/').pop() ?? '';

/** The environment every sample gets (the variables the docs' overview lists), fresh for each sample. */
async function sampleEnv(sample: DocsSample, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const checkout = (await call('GET', '/api/organisations/my-organisation/checkout-url', userToken)).json();
  const record = (await call('GET', '/api/organisations/my-organisation/record-url', userToken)).json();
  return {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    LANG: 'C.UTF-8',
    PAYRAIL_URL: publicUrl,
    PAYRAIL_API_TOKEN: apiToken,
    PAYRAIL_USER_TOKEN: userToken,
    PAYRAIL_ADMIN_TOKEN: adminToken,
    PAYRAIL_EMAIL: ORGADMIN.email,
    PAYRAIL_PASSWORD: ORGADMIN.password,
    PAYMENT_REFERENCE: await newPayment({ paid: sample.meta.includes('paid') }),
    CHECKOUT_TOKEN: lastSegment(String(checkout['url'])),
    RECORD_TOKEN: lastSegment(String(record['url'])),
    ORG_ID: String(orgId),
    GATEWAY_WEBHOOK_SECRET: GATEWAY_SECRET,
    PAYRAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...extra,
  };
}

function sampleFile(sample: DocsSample, extension: string): string {
  const dir = extension === 'mjs' ? NODE_SAMPLES_DIR : work;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${sample.file.replace(/\.mdx$/, '')}-${sample.line}.${extension}`);
  writeFileSync(file, sample.code);
  return file;
}

function interpreter(sample: DocsSample): { command: string; args: (file: string) => string[]; extension: string } {
  if (sample.lang === 'js') return { command: process.execPath, args: (file) => [file], extension: 'mjs' };
  if (sample.lang === 'python') return { command: 'python3', args: (file) => [file], extension: 'py' };
  if (sample.lang === 'php') return { command: 'php', args: (file) => [file], extension: 'php' };
  return { command: 'bash', args: (file) => ['-euo', 'pipefail', file], extension: 'sh' };
}

/** Runs a program sample to completion; fails the test with its output when it exits non-zero. */
async function runSample(sample: DocsSample, env: NodeJS.ProcessEnv): Promise<string> {
  const how = interpreter(sample);
  const file = sampleFile(sample, how.extension);
  try {
    const { stdout } = await run(how.command, how.args(file), { env, cwd: work, timeout: 45_000, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${sample.where} failed:\n${failure.message}\nstdout: ${failure.stdout ?? ''}\nstderr: ${failure.stderr ?? ''}`, {
      cause: error,
    });
  }
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the receiver exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the receiver never listened on ${port}: ${output()}`);
}

/** Starts a receiver sample on a free port; returns its URL and a stop function. */
async function startReceiver(sample: DocsSample): Promise<{ url: string; stop: () => void; output: () => string }> {
  const how = interpreter(sample);
  const file = sampleFile(sample, how.extension);
  const port = await freePort();
  const env = { ...(await sampleEnv(sample)), PORT: String(port) };
  const args = sample.lang === 'php' ? ['-S', `127.0.0.1:${port}`, file] : how.args(file);
  const child = spawn(how.command, args, { env, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(port, child, () => output);
  return { url: `http://127.0.0.1:${port}/webhooks/payrail`, stop: () => child.kill(), output: () => output };
}

const deliveryContext = () => ({
  db: t.db,
  clock: systemClock,
  log: pino({ level: 'silent' }),
  dataKey: TEST_DATA_KEY,
  targets: { allowPrivate: true, trustedOrigins: [] },
  publicUrl,
  timeoutMs: 5000,
  findPayment: findPaymentById,
});

/** Has Payrail's delivery worker send a real payment.test event to `url`; returns the stored outcome. */
async function deliverTestEvent(url: string): Promise<{ status: string; responseCode: number | null; error: string | null }> {
  await t.db.delete(webhookDeliveries);
  const saved = await call('PATCH', '/api/organisations/my-organisation/webhook-config', userToken, {
    callbackUrl: url,
    webhookSecret: WEBHOOK_SECRET,
  });
  expect(saved.status, saved.text).toBe(200);
  const queued = await call('POST', '/api/organisations/my-organisation/webhook-test', userToken);
  expect(queued.status, queued.text).toBe(202);
  await deliverDueWebhooks(deliveryContext());
  const list = (await call('GET', '/api/organisations/my-organisation/webhook-deliveries', userToken)).json<{
    items: Array<{ event: string; status: string; responseCode: number | null; error: string | null }>;
  }>();
  await call('PATCH', '/api/organisations/my-organisation/webhook-config', userToken, { callbackUrl: sink?.url() ?? null });
  const delivery = list.items.find((item) => item.event === 'payment.test');
  if (!delivery) throw new Error('no payment.test delivery was recorded');
  return delivery;
}

/** A real signed delivery as a receiver gets it (body and headers), captured from the worker. */
async function capturedDelivery(): Promise<{ body: string; signature: string; timestamp: string; headers: Record<string, string> }> {
  const receiver = await startWebhookReceiver();
  try {
    const outcome = await deliverTestEvent(receiver.url());
    expect(outcome.status).toBe('Success');
    const received = receiver.received[0];
    if (!received) throw new Error('the receiver got nothing');
    const headers = Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
    return {
      body: received.body,
      signature: headers['x-payrail-signature'] ?? '',
      timestamp: headers['x-payrail-timestamp'] ?? '',
      headers,
    };
  } finally {
    await receiver.close();
  }
}

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ publicUrl, allowPrivateTargets: true, clock: systemClock, publicRateLimitPerMinute: 10_000 });
  await t.app.listen({ port, host: '127.0.0.1' });
  work = mkdtempSync(path.join(os.tmpdir(), 'payrail-docs-samples-'));

  orgId = await createOrganisation(t.db, 'Docs Samples Co');
  await createUser(t.db, { email: 'root@docs.test', role: 'superadmin', password: 'root-password-123' });
  await createUser(t.db, { email: ORGADMIN.email, orgId, password: ORGADMIN.password, name: 'Docs Admin' });
  adminToken = await signIn(t.app, 'root@docs.test', 'root-password-123');
  userToken = await signIn(t.app, ORGADMIN.email, ORGADMIN.password);
  // Superadmins see the organisation's API token in full (the organisation itself only a masked hint).
  apiToken = String((await call('GET', `/api/organisations/${orgId}`, adminToken)).json()['apiToken']);
  expect(apiToken).toMatch(/^prt_/);
  const gateway = await call('POST', '/api/organisations/my-organisation/gateways', userToken, {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: GATEWAY_SECRET,
    webhookSecret: GATEWAY_SECRET,
    priority: 1,
    config: sandboxEntry(publicUrl).sampleConfig,
  });
  expect(gateway.status, gateway.text).toBe(201);
  sink = await startWebhookReceiver();
  const configured = await call('PATCH', '/api/organisations/my-organisation/webhook-config', userToken, {
    callbackUrl: sink.url(),
    webhookSecret: WEBHOOK_SECRET,
  });
  expect(configured.status, configured.text).toBe(200);
}, 60_000);

afterAll(async () => {
  console.log(
    `docs samples: ${executed.length} executed, ${skipped.length} skipped${skipped.length ? `:\n  ${skipped.join('\n  ')}` : ''}`,
  );
  await sink?.close();
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  rmSync(NODE_SAMPLES_DIR, { recursive: true, force: true });
});

describe('the docs samples', () => {
  it('are found, and each one is of a kind this test knows how to run or check', () => {
    expect(SAMPLES.length).toBeGreaterThan(20);
    const unknown = SAMPLES.filter((sample) => {
      if (RUNNABLE.has(sample.lang)) return false;
      if (sample.lang === 'json') return !['config', 'invalid-config', 'output'].some((kind) => sample.meta.includes(kind));
      if (sample.lang === 'xml') return !sample.meta.includes('output');
      return true;
    });
    expect(unknown.map((sample) => `${sample.where} (${sample.lang} ${sample.meta.join(' ')})`)).toEqual([]);
    // The webhook verification samples the issue asks for: Node, Python, PHP receivers and curl/openssl.
    const receivers = SAMPLES.filter((sample) => sample.meta.includes('receiver')).map((sample) => sample.lang);
    expect(receivers).toEqual(expect.arrayContaining(['js', 'python', 'php']));
    expect(SAMPLES.some((sample) => sample.meta.includes('verify') && sample.lang === 'sh')).toBe(true);
  });
});

describe.each(SAMPLES.map((sample) => [`${sample.where} ${sample.lang} ${sample.meta.join(' ')}`.trim(), sample] as const))(
  'sample %s',
  (_name, sample) => {
    const missing =
      sample.lang === 'python' ? !HAS.python3 : sample.lang === 'php' ? !HAS.php : sample.lang === 'sh' ? !HAS.curl || !HAS.openssl : false;

    if (sample.lang === 'json' || sample.lang === 'xml') {
      it('is well-formed (configs pass the shared validator, invalid examples fail it)', () => {
        if (sample.lang === 'xml') {
          expect(sample.code.trim()).toMatch(/^<[A-Za-z][\s\S]*>$/);
        } else {
          const value: unknown = JSON.parse(sample.code);
          if (sample.meta.includes('config')) expect(validateGatewayConfig(value).errors).toEqual([]);
          if (sample.meta.includes('invalid-config')) expect(validateGatewayConfig(value).valid).toBe(false);
        }
        executed.push(sample.where);
      });
      return;
    }

    if (missing) {
      it.skip(`needs ${sample.lang === 'php' ? 'php' : sample.lang === 'python' ? 'python3' : 'curl and openssl'} (not installed here)`, () => {});
      skipped.push(`${sample.where}: ${sample.lang} is not installed, sample not run`);
      console.warn(`docs sample ${sample.where} skipped: the ${sample.lang} interpreter is not installed`);
      return;
    }

    if (sample.meta.includes('receiver')) {
      it('accepts a real signed delivery from the webhook worker and rejects a tampered one', async () => {
        const receiver = await startReceiver(sample);
        try {
          const outcome = await deliverTestEvent(receiver.url);
          expect(outcome, receiver.output()).toMatchObject({ status: 'Success' });
          expect([200, 204]).toContain(outcome.responseCode);
          const real = await capturedDelivery();
          const tampered = await fetch(receiver.url, {
            method: 'POST',
            headers: {
              ...real.headers,
              'content-length': String(Buffer.byteLength(real.body.replace('payment.test', 'payment.succeeded'))),
            },
            body: real.body.replace('payment.test', 'payment.succeeded'),
          });
          expect(tampered.status, receiver.output()).toBe(401);
          const stale = await fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: real.body });
          expect(stale.status).toBe(401);
        } finally {
          receiver.stop();
        }
        executed.push(sample.where);
      }, 60_000);
      return;
    }

    if (sample.meta.includes('verify')) {
      it('verifies a real signed delivery and rejects a tampered body', async () => {
        const real = await capturedDelivery();
        writeFileSync(path.join(work, 'body.json'), real.body);
        const env = await sampleEnv(sample, { SIGNATURE: real.signature, TIMESTAMP: real.timestamp });
        expect(await runSample(sample, env)).toContain('signature valid');
        writeFileSync(path.join(work, 'body.json'), real.body.replace('Success', 'Failed'));
        await expect(runSample(sample, env)).rejects.toThrow(/signature INVALID/);
        executed.push(sample.where);
      }, 60_000);
      return;
    }

    it('runs against the live server and exits 0', async () => {
      const extra: Record<string, string> = {};
      let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
      if (sample.code.includes('$RECEIVER_URL')) {
        // "Send your receiver a delivery": point it at the docs' own Node.js receiver, which verifies it.
        const nodeReceiver = SAMPLES.find((candidate) => candidate.meta.includes('receiver') && candidate.lang === 'js');
        if (!nodeReceiver) throw new Error('no Node.js receiver sample to send to');
        receiver = await startReceiver(nodeReceiver);
        extra['RECEIVER_URL'] = receiver.url;
      }
      try {
        await runSample(sample, await sampleEnv(sample, extra));
      } finally {
        receiver?.stop();
      }
      executed.push(sample.where);
    }, 60_000);
  },
);

describe('the per-provider webhook samples (superadmin docs, generated from GET /psp)', () => {
  it.skipIf(!HAS.curl || !HAS.openssl).each([sandboxEntry('x').name, ...CATALOGUE.map((entry) => entry.name)])(
    '%s: the signed callback command is accepted by the server',
    async (name) => {
      const providers = (await call('GET', '/api/psp', adminToken)).json<Provider[]>();
      const provider = providers.find((candidate) => candidate.name === name);
      if (!provider) throw new Error(`no provider ${name}`);
      const secret = `whsec_provider_${name}_secret`;
      const created = await call('POST', '/api/organisations/my-organisation/gateways', userToken, {
        name: `Docs ${name}`,
        provider: name,
        secretKey: secret,
        publicKey: 'pk_docs',
        webhookSecret: secret,
        hmacAlgo: provider.hmacAlgo,
        enabled: false,
        config: name === 'sandbox' ? sandboxEntry(publicUrl).sampleConfig : provider.sampleConfig,
      });
      expect(created.status, created.text).toBe(201);
      const reference = await newPayment({ gateway: false });
      await t.db
        .update(payments)
        .set({ gatewayId: Number(created.json()['id']) })
        .where(eq(payments.reference, reference));
      const facts = inboundWebhookFacts(provider);
      const body = facts.sampleBody.replaceAll('PAY-01JD5Q8Z7X9K3M2N', reference);
      const command = signedCallbackCommand(facts, body);
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', command], {
        env: { PATH: process.env['PATH'], PAYRAIL_URL: publicUrl, GATEWAY_WEBHOOK_SECRET: secret },
        timeout: 30_000,
      });
      expect(JSON.parse(stdout)).toMatchObject({ received: true, status: 'accepted', paymentStatus: 'Success' });
      const [row] = await t.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.reference, reference))
        .orderBy(desc(payments.id));
      expect(row?.status).toBe('Success');
      executed.push(`provider sample ${name}`);
    },
    60_000,
  );
});
