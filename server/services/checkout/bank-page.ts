import { escapeHtml } from '../receipts/render-html.ts';
import type { BankCheckoutView } from '../payments/bank-checkout.ts';
import { pageHtml } from './page-chrome.ts';

/** The bank checkout page `/checkout/banks/{reference}`: the payment, its status, and a button per bank. */
export function renderBankCheckoutPage(view: BankCheckoutView, error?: string): string {
  const action = `/api/checkout/banks/${encodeURIComponent(view.reference)}/select`;
  const status =
    view.status === 'Success'
      ? `<p class="paid" role="status">Paid — thank you.${view.receiptNumber ? ` Receipt number ${escapeHtml(view.receiptNumber)}.` : ''}</p>`
      : view.status === 'Failed'
        ? `<p class="error" role="status">This payment failed. Please contact ${escapeHtml(view.organisation)}.</p>`
        : view.status === 'Cancelled'
          ? `<p class="error" role="status">This payment was cancelled by ${escapeHtml(view.organisation)}: it can no longer be paid.</p>`
          : view.bank
            ? `<p class="notice" role="status">Waiting for confirmation from ${escapeHtml(view.bank)}. You can choose a bank again if you did not finish.</p>`
            : '';
  const banks = view.banks
    .map(
      (bank) =>
        `<li><button type="submit" name="bankCode" value="${escapeHtml(bank.code)}">${
          bank.logoUrl ? `<img src="${escapeHtml(bank.logoUrl)}" alt="">` : ''
        }<span>${escapeHtml(bank.name)}</span></button></li>`,
    )
    .join('');
  const body = `<h1>Pay by bank</h1>
<p class="lead">${escapeHtml(view.organisation)}</p>
<div class="amount">${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</div>
<dl><dt>Reference</dt><dd>${escapeHtml(view.reference)}</dd><dt>For</dt><dd>${escapeHtml(view.description)}</dd></dl>
${error ? `<p class="error" role="alert" style="margin-top:16px">${escapeHtml(error)}</p>` : ''}
${status ? `<div style="margin-top:16px">${status}</div>` : ''}
${view.banks.length > 0 ? `<form method="post" action="${action}"><p style="margin:20px 0 0;font-weight:600">Choose your bank</p><ul class="banks">${banks}</ul></form>` : ''}
<p class="secure"><a href="/receipts/invoice/${encodeURIComponent(view.reference)}">View invoice</a></p>`;
  return pageHtml(`Pay ${view.amount} ${view.currency} by bank`, body);
}
