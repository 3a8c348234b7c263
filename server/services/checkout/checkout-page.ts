import { escapeHtml } from '../receipts/render-html.ts';
import { brandHtml, pageHtml } from './page-chrome.ts';

export interface CheckoutPageModel {
  token: string;
  organisation: { name: string; logoUrl: string | null; currencies: string[]; defaultCurrency: string | null };
  /** Payment methods the organisation can offer right now. */
  methods: { gateway: boolean; bank: boolean };
  /** Prefilled or previously typed values (query string or the rejected form). */
  values: Partial<Record<'amount' | 'currency' | 'customerName' | 'customerEmail' | 'customerPhone' | 'description', string>>;
  isBankPayment?: boolean;
  error?: string;
}

const field = (label: string, name: string, value: string | undefined, attributes: string) =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" value="${escapeHtml(value ?? '')}" ${attributes}>`;

/** The hosted checkout page `/pay/{token}`: a no-script form posting to `POST /api/payment/checkout/{token}`. */
export function renderCheckoutPage(model: CheckoutPageModel): string {
  const { organisation, methods, values } = model;
  const title = `Pay ${organisation.name}`;
  if (!methods.gateway && !methods.bank) {
    return pageHtml(
      title,
      `${brandHtml(organisation.name, organisation.logoUrl)}<h1>Online payments are not available</h1><p class="lead">${escapeHtml(
        organisation.name,
      )} cannot take payments online yet. Please contact them directly.</p>`,
    );
  }
  const selected = values.currency ?? organisation.defaultCurrency ?? organisation.currencies[0] ?? '';
  const currencyOptions = organisation.currencies
    .map((code) => `<option value="${escapeHtml(code)}"${code === selected ? ' selected' : ''}>${escapeHtml(code)}</option>`)
    .join('');
  const method =
    methods.gateway && methods.bank
      ? `<fieldset><legend>Pay with</legend>
  <label><input type="radio" name="isBankPayment" value="false"${model.isBankPayment ? '' : ' checked'}> Card or mobile money</label>
  <label><input type="radio" name="isBankPayment" value="true"${model.isBankPayment ? ' checked' : ''}> Bank account</label>
</fieldset>`
      : `<input type="hidden" name="isBankPayment" value="${methods.bank ? 'true' : 'false'}">`;
  const body = `${brandHtml(organisation.name, organisation.logoUrl)}
<h1>${escapeHtml(title)}</h1>
<p class="lead">Enter the amount and your details; you will continue to a secure payment page.</p>
${model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : ''}
<form method="post" action="/api/payment/checkout/${encodeURIComponent(model.token)}">
  <div class="row">
    <div>${field('Amount', 'amount', values.amount, 'inputmode="decimal" autocomplete="off" required maxlength="30" pattern="[0-9]+([.][0-9]+)?"')}</div>
    <div><label for="currency">Currency</label><select id="currency" name="currency">${currencyOptions}</select></div>
  </div>
  ${field('What is this payment for?', 'description', values.description, 'maxlength="500"')}
  ${field('Full name', 'customerName', values.customerName, 'autocomplete="name" required maxlength="200"')}
  ${field('E-mail', 'customerEmail', values.customerEmail, 'type="email" autocomplete="email" required maxlength="320"')}
  ${field('Phone (optional)', 'customerPhone', values.customerPhone, 'type="tel" autocomplete="tel" maxlength="40"')}
  ${method}
  <button type="submit">Continue to payment</button>
</form>`;
  return pageHtml(title, body);
}
