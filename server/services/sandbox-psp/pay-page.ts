import type { SandboxTransaction } from './sandbox-repository.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The hosted sandbox pay page: amount, reference, and Pay / Fail buttons (every value escaped); `closed`: no buttons
 * whatever the transaction's status (the merchant cancelled the payment).
 */
export function renderPayPage(row: SandboxTransaction, notice?: string, options: { closed?: boolean } = {}): string {
  const settled = row.status !== 'pending';
  const action = `/api/sandbox-psp/pay/${encodeURIComponent(row.providerReference)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox PSP · Pay ${escapeHtml(row.amount)} ${escapeHtml(row.currency)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0f19; color: #e6e8ee; font: 16px/1.5 system-ui, sans-serif; }
  main { width: min(420px, 92vw); background: #131a2a; border: 1px solid #26304a; border-radius: 14px; padding: 28px; }
  h1 { font-size: 1.1rem; margin: 0 0 4px; } .amount { font-size: 2rem; font-weight: 700; margin: 12px 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; color: #a9b1c6; font-size: .9rem; } dd { margin: 0; color: #e6e8ee; word-break: break-all; }
  .actions { display: flex; gap: 12px; margin-top: 24px; } button { flex: 1; padding: 12px; border: 0; border-radius: 10px; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .pay { background: #22c55e; color: #04120a; } .fail { background: #3a1d24; color: #fca5a5; border: 1px solid #7f1d1d; }
  .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; background: #26304a; font-size: .8rem; } .notice { margin-top: 16px; color: #fbbf24; }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox PSP — no real money moves</span>
  <h1>Complete your payment</h1>
  <div class="amount">${escapeHtml(row.amount)} ${escapeHtml(row.currency)}</div>
  <dl>
    <dt>Reference</dt><dd>${escapeHtml(row.reference)}</dd>
    <dt>Sandbox ref.</dt><dd>${escapeHtml(row.providerReference)}</dd>
    ${row.customerEmail ? `<dt>Customer</dt><dd>${escapeHtml(row.customerEmail)}</dd>` : ''}
    <dt>Status</dt><dd id="status">${escapeHtml(row.status)}</dd>
  </dl>
  ${
    options.closed
      ? ''
      : settled
        ? `<p class="notice">This payment is ${escapeHtml(row.status)}.</p>`
        : `<form method="post" action="${action}" class="actions">
    <button class="pay" type="submit" name="outcome" value="success">Pay</button>
    <button class="fail" type="submit" name="outcome" value="failed">Fail</button>
  </form>`
  }
  ${notice ? `<p class="notice">${escapeHtml(notice)}</p>` : ''}
</main>
</body>
</html>`;
}

/** The CSP of the pay page: inline styles only, forms post here and may redirect to the merchant. */
export const PAY_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'";
