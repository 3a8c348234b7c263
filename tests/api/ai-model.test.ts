import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/raw.ts';
import { ANALYST_NOW, seedAnalystOrganisations } from '../fixtures/analyst-dataset.ts';
import { body, buildTestApp, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { ManualClock } from '../helpers/clock.ts';
import { addRefunded } from '../helpers/refunded.ts';

// A local, fake OpenAI-compatible endpoint (loopback): each test says what the "model" answers.

interface ModelRequest {
  authorization: string | undefined;
  path: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

let server: Server;
let baseUrl: string;
let reply: (request: ModelRequest) => { status?: number; content?: string; raw?: string; delayMs?: number };
const received: ModelRequest[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

let t: TestApp;
let orgadmin: string;
let orgB: number;

const ask = async (query: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ai/query',
    headers: { authorization: `Bearer ${orgadmin}` },
    payload: { query },
  });
  return {
    status: response.statusCode,
    answer: body<{ summary: string; results: { reference: string }[]; matched: number; engine: string; query: unknown }>(response),
  };
};
const chat = (content: string) => ({ content });

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then(async (text) => {
      const entry: ModelRequest = {
        authorization: request.headers.authorization,
        path: request.url,
        body: JSON.parse(text) as ModelRequest['body'],
      };
      received.push(entry);
      const answer = reply(entry);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(
        answer.raw ?? JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: answer.content ?? '' } }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await buildTestApp({
    clock: new ManualClock(ANALYST_NOW),
    aiModel: { baseUrl, apiKey: 'sk-test-key', model: 'fake-model', timeoutMs: 500 },
  });
  const orgs = await seedAnalystOrganisations(t);
  orgB = orgs.orgB;
  await createUser(t.db, { email: 'admin@akw.test', orgId: orgs.orgA });
  orgadmin = await signIn(t.app, 'admin@akw.test');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

describe('AI analyst with an OpenAI-compatible model', () => {
  it("uses the model's structured query, sending only the question and names — never payment data", async () => {
    reply = () => chat(JSON.stringify({ metric: 'count', groupBy: 'none', status: ['Failed'] }));
    const { status, answer } = await ask('how many went wrong?');
    expect(status).toBe(200);
    expect(answer.engine).toBe('model');
    expect(answer.matched).toBe(4);
    expect(answer.summary).toBe(
      'There are 4 failed payments, worth GH₵300.50 and US$35.00 in total. Counted: failed payments, all time, Akwaaba Foods, every currency, each on its own.',
    );
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('fake-model');
    expect(request?.body.messages.at(-1)).toEqual({ role: 'user', content: 'how many went wrong?' });
    const sent = JSON.stringify(request?.body);
    expect(sent).toContain('Akwaaba Paystack');
    for (const secret of ['Ama Mensah', 'PAY-A', 'ama@example.com', 'Bolga']) expect(sent).not.toContain(secret);
  });

  it('answers the extended kinds from the model: rates, comparisons, rankings, different customers', async () => {
    const cases: [query: object, figures: { label: string; currency: string | null; value: number; unit: string }[]][] = [
      [{ metric: 'rate', groupBy: 'none', rateOf: ['Failed'] }, [{ label: 'rate', currency: null, value: 23.5, unit: 'percent' }]],
      [
        { metric: 'customers', groupBy: 'none', status: ['Success'] },
        [{ label: 'customers', currency: null, value: 6, unit: 'customers' }],
      ],
      [
        {
          metric: 'count',
          groupBy: 'none',
          from: '2026-11-16T00:00:00Z',
          compare: { from: '2026-11-09T00:00:00Z', to: '2026-11-16T00:00:00Z' },
        },
        [
          { label: 'this period', currency: null, value: 6, unit: 'payments' },
          { label: 'compared period', currency: null, value: 2, unit: 'payments' },
          { label: 'change', currency: null, value: 4, unit: 'payments' },
        ],
      ],
      [
        { metric: 'total', groupBy: 'customer', rank: 'most', limit: 1, status: ['Success'] },
        [
          { label: 'Efua Owusu', currency: 'GHS', value: 3500, unit: 'money' },
          { label: 'John Smith', currency: 'USD', value: 20, unit: 'money' },
        ],
      ],
    ];
    for (const [query, figures] of cases) {
      reply = () => chat(JSON.stringify(query));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ai/query',
        headers: { authorization: `Bearer ${orgadmin}` },
        payload: { query: 'a question the model reads' },
      });
      const answer = body<{ engine: string; outcome: string; figures: unknown[] }>(response);
      expect(answer.engine, JSON.stringify(query)).toBe('model');
      expect(answer.outcome).toBe('answered');
      expect(answer.figures).toEqual(figures);
    }
    const sent = JSON.stringify(received.at(-1)?.body);
    for (const word of ['rateOf', 'compare', 'rank', 'customers']) expect(sent).toContain(word);
  });

  it('falls back to the embedded engine when the model combines the extended fields wrongly', async () => {
    for (const query of [
      { metric: 'rate', groupBy: 'none' },
      { metric: 'list', groupBy: 'none', compare: { from: '2026-11-09T00:00:00Z' } },
      { metric: 'count', groupBy: 'none', rank: 'most' },
      { metric: 'max', groupBy: 'day' },
      { metric: 'count', groupBy: 'none', rateOf: ['Failed'] },
    ]) {
      reply = () => chat(JSON.stringify(query));
      const { answer } = await ask('How many payments failed this week?');
      expect(answer.engine, JSON.stringify(query)).toBe('embedded');
      expect(answer.matched).toBe(2);
    }
  });

  it("refuses an orgadmin's question naming another organisation even when the model answers", async () => {
    reply = () => chat(JSON.stringify({ metric: 'total', groupBy: 'none' }));
    const { answer } = await ask('How much did Bolga Crafts collect this month?');
    expect(answer.summary).toBe(
      "I cannot answer that: you can only ask about your own organisation's payments, not those of Bolga Crafts. The nearest question I can answer is “How much did we collect this month?”.",
    );
    expect(answer.results).toEqual([]);
    expect(answer.matched).toBe(0);
  });

  it('accepts the JSON inside a ```json fence', async () => {
    reply = () => chat('Here you go:\n```json\n{"metric":"list","groupBy":"none","customer":"Efua","sort":"largest","limit":2}\n```');
    const { answer } = await ask('Efua biggest two');
    expect(answer.engine).toBe('model');
    expect(answer.results.map((row) => row.reference)).toEqual(['PAY-A000000000000015', 'PAY-A000000000000005']);
  });

  it('rejects a model answer that tries to choose the organisation, and answers with the embedded engine in scope', async () => {
    reply = () => chat(JSON.stringify({ metric: 'list', groupBy: 'none', orgId: orgB, organisation: 'Bolga Crafts' }));
    const { status, answer } = await ask('Show all payments');
    expect(status).toBe(200);
    expect(answer.engine).toBe('embedded');
    expect(answer.matched).toBe(17);
    expect(answer.results.every((row) => row.reference.startsWith('PAY-A'))).toBe(true);
  });

  it('keeps SQL smuggled into a string field a plain search value: no other rows, nothing dropped', async () => {
    reply = () => chat(JSON.stringify({ metric: 'list', groupBy: 'none', customer: "x' OR 1=1; DROP TABLE payments; --" }));
    const first = await ask('payments from x');
    expect(first.answer.engine).toBe('model');
    expect(first.answer.matched).toBe(0);
    reply = () => chat(JSON.stringify({ metric: 'list', groupBy: 'none', gateway: "%' OR org_id <> 0 OR '%'='" }));
    const second = await ask('payments via something');
    expect(second.answer.matched).toBe(0);
    expect(await queryRows<{ count: string }>(t.db, sql`select count(*)::int as count from payments`)).toEqual([{ count: 19 }]);
  });

  it('falls back to the embedded engine when the model writes SQL, breaks the schema, fails or is too slow', async () => {
    const answers: ReturnType<typeof reply>[] = [
      chat('SELECT * FROM payments WHERE org_id = 2'),
      chat(JSON.stringify({ metric: 'list', groupBy: 'none', reference: "PAY-%' or '1'='1" })),
      chat(JSON.stringify({ metric: 'delete', groupBy: 'none' })),
      chat(JSON.stringify({ metric: 'list', groupBy: 'none', limit: 1_000_000 })),
      { status: 500, raw: '{"error":"overloaded"}' },
      { raw: 'not json at all' },
      { content: '{}', delayMs: 1500 },
    ];
    for (const answer of answers) {
      reply = () => answer;
      const { status, answer: result } = await ask('How many payments failed this week?');
      expect(status, JSON.stringify(answer)).toBe(200);
      expect(result.engine, JSON.stringify(answer)).toBe('embedded');
      expect(result.matched).toBe(2);
      expect(result.results.every((row) => row.reference.startsWith('PAY-A'))).toBe(true);
    }
  });

  it('is told about refunded and net amounts, and its refund queries are answered from refunded_minor', async () => {
    // PAY-A000000000000005 (GH₵1,000.00, Success, 18 Nov): GH₵250.00 refunded.
    const [payment] = await queryRows<{ id: string }>(t.db, sql`select id from payments where reference = 'PAY-A000000000000005'`);
    await addRefunded(t.db, Number(payment!.id), 25_000);
    reply = () =>
      chat(JSON.stringify({ metric: 'net', groupBy: 'none', status: ['Success'], currency: 'GHS', from: '2026-11-16T00:00:00Z' }));
    const net = await ask('net takings in cedis this week');
    expect(net.answer.engine).toBe('model');
    const system = received[0]?.body.messages[0]?.content ?? '';
    for (const word of ['"refunded"', '"net"', '"refund"', 'partial', 'creation date']) expect(system).toContain(word);
    // This week's successful GHS payments: 120.00 + 300.00 + 1000.00, less the 250.00 refunded.
    expect(net.answer.summary).toContain('GH₵1,170.00');
    reply = () => chat(JSON.stringify({ metric: 'count', groupBy: 'none', refund: 'partial' }));
    const partial = await ask('how many were partly refunded');
    expect(partial.answer.engine).toBe('model');
    expect(partial.answer.matched).toBe(1);
  });
});
