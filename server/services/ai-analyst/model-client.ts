import { AnalystQuerySchema, validateAnalystQuery, type AnalystQuery } from './query-schema.ts';
import type { QuestionContext } from './parse-question.ts';

// The optional language-model reader: an OpenAI-compatible chat endpoint turns the question into the same structured
// query the embedded engine produces. It sees only the question, today's date and the names of gateways and
// currencies — never payment data — and what it answers is validated before use; the caller falls back otherwise.

export interface ModelConfig {
  baseUrl: string;
  /** Empty for local servers that need none. */
  apiKey: string;
  model: string;
  timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 64 * 1024;

function instructions(context: QuestionContext): string {
  return [
    'You turn questions about payments into one JSON object that matches this JSON Schema exactly (no other fields):',
    JSON.stringify(AnalystQuerySchema),
    `Now is ${context.now.toISOString()}; dates are UTC; "to" is exclusive; weeks start on Monday.`,
    `Gateway and provider names: ${context.gatewayNames.join(', ') || 'none'}. Currency codes: ${context.currencies.join(', ')}.`,
    'Money received (revenue, sales, takings, collected) means status ["Success"] unless another status is asked for; "unpaid" or "outstanding" means ["Pending"].',
    'Breakdowns: groupBy with metric "count", "total" or "average". Which one had the most / least: groupBy, rank "most" or "least", limit 1.',
    'Top-N customers: groupBy "customer", metric "total", status ["Success"], rank "most", limit N.',
    'Rates: metric "rate" with rateOf (e.g. ["Failed"] for "what percentage failed"). Different customers: metric "customers".',
    'Two periods: from/to for the one asked about, compare.from/compare.to for the one it is compared with (metric count, total, average or customers).',
    'Refunds: a refunded payment stays "Success"; metric "refunded" sums what succeeded refunds sent back, metric "net" sums amount minus refunded (net revenue / net volume), both with status ["Success"], and like "total" they take groupBy, rank and compare. "How many payments were refunded": metric "count" with refund "any" ("partial" = partially refunded, "full" = fully refunded). from/to are always the payment\'s creation date, also for refunds.',
    'If the question is about something payments do not record (refund reasons, who refunded, refunds by the date of the refund, fees, countries, products, hours), answer {} and the server says it cannot answer.',
    'Answer with the JSON object only. Never write SQL. The organisation is decided by the server, not by you.',
  ].join('\n');
}

/** Extracts the JSON object from a chat answer (bare, or inside a ```json fence). */
function jsonOf(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  return JSON.parse((fenced?.[1] ?? content).trim());
}

/** Asks the model for the structured query; any failure (network, timeout, invalid JSON or schema) is a reason, not a throw. */
export async function queryFromModel(
  config: ModelConfig,
  question: string,
  context: QuestionContext,
): Promise<{ ok: true; query: AnalystQuery } | { ok: false; reason: string }> {
  try {
    const response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: instructions(context) },
          { role: 'user', content: question },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    if (!response.ok) return { ok: false, reason: `model answered HTTP ${response.status}` };
    if (text.length > MAX_ANSWER_BYTES) return { ok: false, reason: 'model answer too large' };
    const body = JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return { ok: false, reason: 'model answer has no message content' };
    const checked = validateAnalystQuery(jsonOf(content));
    return checked.ok ? { ok: true, query: checked.query } : { ok: false, reason: `model query invalid: ${checked.errors.join('; ')}` };
  } catch (error) {
    return { ok: false, reason: `model call failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
