import { documentHead, escapeHtml } from '../receipts/render-html.ts';

/**
 * CSP of the hosted checkout pages: no scripts at all, inline styles, logos from here or https, and forms
 * that post to this server (which may redirect the payer to the PSP or bank).
 */
export const CHECKOUT_PAGE_CSP =
  "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
  :root { --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --accent: #1f3a5f; --accent-ink: #fff; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: #eef1f5; color: var(--ink); font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; display: grid; place-items: start center; }
  main { width: min(480px, 100%); margin: 40px 16px; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 32px; box-shadow: 0 1px 3px rgba(16,24,40,.06); }
  .brand { display: flex; align-items: center; gap: 12px; margin-bottom: 20px; }
  .brand img { max-height: 48px; max-width: 160px; }
  .brand strong { font-size: 18px; }
  h1 { font-size: 20px; margin: 0 0 6px; }
  p.lead { color: var(--muted); margin: 0 0 20px; }
  label { display: block; font-size: 13px; font-weight: 600; margin: 14px 0 4px; }
  input, select { width: 100%; padding: 10px 12px; border: 1px solid #cbd2dc; border-radius: 8px; font: inherit; background: #fff; color: var(--ink); }
  input:focus, select:focus, button:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
  .row { display: grid; grid-template-columns: 1fr 120px; gap: 12px; }
  fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 16px 0 0; padding: 8px 12px 12px; }
  legend { font-size: 13px; font-weight: 600; padding: 0 4px; }
  fieldset label { display: flex; gap: 8px; align-items: center; font-weight: 400; margin: 6px 0 0; }
  fieldset input { width: auto; }
  button { width: 100%; margin-top: 22px; padding: 12px; border: 0; border-radius: 8px; background: var(--accent); color: var(--accent-ink); font: inherit; font-weight: 700; cursor: pointer; }
  .error { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; background: #fee2e2; color: #991b1b; }
  .notice { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; background: #fef3c7; color: #92400e; }
  .paid { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; background: #dcfce7; color: #166534; }
  .amount { font-size: 28px; font-weight: 700; margin: 4px 0 2px; font-variant-numeric: tabular-nums; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; font-size: 14px; margin: 12px 0 0; } dt { color: var(--muted); } dd { margin: 0; word-break: break-all; }
  ul.banks { list-style: none; padding: 0; margin: 16px 0 0; display: grid; gap: 10px; }
  ul.banks button { margin: 0; display: flex; align-items: center; gap: 12px; background: #fff; color: var(--ink); border: 1px solid #cbd2dc; text-align: left; font-weight: 600; }
  ul.banks img { width: 32px; height: 32px; object-fit: contain; }
  .secure { margin-top: 20px; color: var(--muted); font-size: 12px; text-align: center; }
`;

/** The organisation's logo and name at the top of a customer-facing page. */
export function brandHtml(name: string, logoUrl: string | null): string {
  const logo = logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="">` : '';
  return `<div class="brand">${logo}<strong>${escapeHtml(name)}</strong></div>`;
}

/** A complete customer-facing page (no scripts; every value is escaped by the callers). */
export function pageHtml(title: string, body: string): string {
  return `${documentHead(title, STYLE)}
<body>
<main>
${body}
<p class="secure">Payments are processed securely by Payrail.</p>
</main>
</body>
</html>`;
}
