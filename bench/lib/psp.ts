// What the webhook scenarios share: an organisation with a Sandbox PSP gateway and a callback URL pointing at a
// loopback receiver in the bench process, Pending payments started at that gateway, and signed Sandbox callbacks.
// All of it is written before the server process starts (PGlite admits one process at a time).
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { systemClock } from '../../server/clock.ts';
import type { Database } from '../../server/db/client.ts';
import { sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { queryRows } from '../../server/db/raw.ts';
import { createGateway } from '../../server/services/gateways/gateways-service.ts';
import { updateWebhookConfig } from '../../server/services/webhooks/webhook-config.ts';

const SANDBOX_KEY = 'sk_sandbox_bench_webhooks';
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** A loopback receiver that answers 200 at once and notes when each payment's event arrived. */
export interface Receiver {
  url: string;
  /** performance.now() of the first delivery of each payment reference. */
  arrivals: Map<string, number>;
  received: () => number;
  /** performance.now() of every delivery received, in order. */
  times: number[];
  close(): Promise<void>;
}

export interface WebhookOrg {
  orgId: number;
  gatewayId: number;
  receiver: Receiver;
}

export async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const times: number[] = [];
  let received = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      received++;
      times.push(at);
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { payment?: { reference?: string } } };
        const reference = event.data?.payment?.reference;
        if (reference && !arrivals.has(reference)) arrivals.set(reference, at);
      } catch {
        // Counted, not timed.
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    times,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sets up the second bench organisation: Sandbox gateway (its API at `baseUrl`), callback URL and webhook secret. */
export async function setUpWebhookOrg(db: Database, dataKey: Buffer, baseUrl: string, receiver: Receiver): Promise<WebhookOrg> {
  const [org] = await queryRows<{ id: number }>(db, sql`select id from organisations where code = 'BENCH2'`);
  if (!org) throw new Error('bench organisation BENCH2 is missing');
  const orgId = Number(org.id);
  const ctx = { db, clock: systemClock, dataKey, targets: { allowPrivate: true, trustedOrigins: [baseUrl] } };
  const gateway = await createGateway(ctx, orgId, {
    name: 'Sandbox webhooks',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    publicKey: 'pk_sandbox_bench',
    webhookSecret: SANDBOX_KEY,
    priority: 9,
    config: sandboxEntry(baseUrl).sampleConfig,
  });
  await updateWebhookConfig(ctx, orgId, { callbackUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  return { orgId, gatewayId: gateway.id, receiver };
}

let nextReference = 0xe000_0000;

/** Inserts Pending payments started at the org's Sandbox gateway (bulk, no API) and returns their references. */
export async function pendingPayments(db: Database, org: WebhookOrg, count: number): Promise<string[]> {
  const base = nextReference;
  nextReference += count;
  const rows = await queryRows<{ reference: string }>(
    db,
    sql`insert into payments (reference, org_id, amount_minor, currency, status, customer_name, customer_email, description,
                              process_via_gateway, gateway_id, provider_reference, created_at, updated_at)
        select 'PAY-' || lpad(upper(to_hex(${base}::bigint + n)), 16, '0'), ${org.orgId}, 5000 + n % 1000, 'GHS', 'Pending',
               'Webhook Customer ' || n, 'webhook' || n || '@example.com', 'Bench webhook order', true, ${org.gatewayId},
               'sbx_bench_' || (${base}::bigint + n), now(), now()
        from generate_series(1, ${count}) as n
        returning reference`,
  );
  return rows.map((row) => row.reference);
}

/** The raw body and headers of a signed Sandbox callback saying the payment succeeded. */
export function signedSuccess(reference: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ event: 'payment.completed', reference, status: 'success' });
  return { body, headers: { 'x-sandbox-signature': createHmac('sha256', SANDBOX_KEY).update(body).digest('hex') } };
}

/** Writes the signed callbacks of the references to a JSON file the load generator sends, one per request, in order. */
export function writeCallbacks(file: string, references: string[]): void {
  writeFileSync(file, JSON.stringify(references.map(signedSuccess)));
}
