import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { insertRefund } from '../helpers/refunds.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let orgadmin: string;
const CSP = "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const call = apiCaller(() => t.app);

/** A paid payment of the organisation: its reference, receipt number and receipt page path. */
async function paidPayment(
  amount: string,
  customerName: string,
): Promise<{ reference: string; receiptNumber: string; receiptPath: string }> {
  const created = await call('POST', '/api/payments', orgadmin, {
    amount,
    customerName,
    customerEmail: 'kwame@example.com',
    description: 'Solar panel',
  });
  expect(created.statusCode).toBe(201);
  const { reference } = body<{ reference: string }>(created);
  const paid = await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin);
  expect(paid.statusCode).toBe(200);
  const link = await call('GET', `/api/payments/${reference}/receipt`, orgadmin);
  return {
    reference,
    receiptNumber: body<{ receiptNumber: string }>(paid).receiptNumber,
    receiptPath: new URL(body<{ url: string }>(link).url).pathname,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const orgId = await createOrganisation(t.db, 'Accra Solar');
  await createUser(t.db, { email: 'admin@solar.test', orgId });
  orgadmin = await signIn(t.app, 'admin@solar.test');
  const branding = await call('PATCH', '/api/organisations/my-organisation', orgadmin, {
    taxId: 'C0009876543',
    invoiceFooterNote: 'Refunds reach the original card or wallet within 5 working days.',
  });
  expect(branding.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('credit notes', () => {
  it('serves a branded, escaped credit note page and PDF naming the payment, its receipt, the amount and the reason', async () => {
    const payment = await paidPayment('100.00', 'Kwame Boateng');
    const { documentToken, reference: refundReference } = await insertRefund(t.db, payment.reference, {
      amountMinor: 2500,
      reason: 'Panel <b>cracked</b> & returned',
      creditNoteNumber: 'CN-SOLAR-000001',
      completedAt: new Date('2026-11-26T10:15:00Z'),
    });

    const page = await get(`/credit-notes/${documentToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.body;
    expect(html).toContain('<h1>Credit Note</h1>');
    expect(html).toContain('Credit note No. CN-SOLAR-000001');
    expect(html).toContain(payment.reference);
    expect(html).toContain(payment.receiptNumber);
    expect(html).toContain(refundReference);
    expect(html).toContain('GHS 25.00');
    expect(html).toContain('GHS 100.00');
    expect(html).toContain('26 Nov 2026, 10:15 UTC');
    expect(html).toContain('Reason: Panel &#60;b&#62;cracked&#60;/b&#62; &#38; returned');
    expect(html).not.toContain('<b>cracked');
    expect(html).toContain('Accra Solar');
    expect(html).toContain('C0009876543');
    expect(html).toContain(`href="/credit-notes/${documentToken}.pdf"`);

    const pdf = await get(`/credit-notes/${documentToken}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="CN-SOLAR-000001.pdf"');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      'CREDIT NOTE',
      'CN-SOLAR-000001',
      payment.reference,
      payment.receiptNumber,
      'GHS 25.00',
      'Amount refunded',
      'Panel <b>cracked</b> & returned',
      'Kwame Boateng',
      'Refunds reach the original card',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('does not exist for a refund that has not succeeded, nor for an unknown or malformed token', async () => {
    const payment = await paidPayment('40.00', 'Ama Owusu');
    const pending = await insertRefund(t.db, payment.reference, { amountMinor: 1000, status: 'Pending' });
    const failed = await insertRefund(t.db, payment.reference, { amountMinor: 1000, status: 'Failed' });
    for (const token of [pending.documentToken, failed.documentToken, 'A'.repeat(32)]) {
      const page = await get(`/credit-notes/${token}`);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Credit note not found.');
      expect((await get(`/credit-notes/${token}.pdf`)).statusCode).toBe(404);
    }
    const malformed = await get('/credit-notes/%3Cscript%3E');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).not.toContain('<script>');
  });
});

describe("the payment's receipt", () => {
  it('lists succeeded refunds with their credit notes, dates and amounts, and the net paid', async () => {
    const payment = await paidPayment('100.00', 'Yaw Mensah');
    await insertRefund(t.db, payment.reference, {
      amountMinor: 2500,
      creditNoteNumber: 'CN-SOLAR-000101',
      completedAt: new Date('2026-11-20T09:00:00Z'),
    });
    await insertRefund(t.db, payment.reference, {
      amountMinor: 1000,
      creditNoteNumber: 'CN-SOLAR-000102',
      completedAt: new Date('2026-11-21T09:00:00Z'),
    });
    // Neither a pending nor a failed refund sent money back: the receipt leaves them out.
    await insertRefund(t.db, payment.reference, { amountMinor: 500, status: 'Pending' });
    await insertRefund(t.db, payment.reference, { amountMinor: 700, status: 'Failed' });

    const html = (await get(payment.receiptPath)).body;
    expect(html).toContain('Refunds');
    expect(html).toContain('Partially refunded');
    expect(html).toMatch(/CN-SOLAR-000101<\/td><td>20 Nov 2026, 09:00 UTC<\/td><td class="num">− GHS 25.00/);
    expect(html).toMatch(/CN-SOLAR-000102<\/td><td>21 Nov 2026, 09:00 UTC<\/td><td class="num">− GHS 10.00/);
    expect(html).toMatch(/<span>Net paid<\/span><span class="num">GHS 65.00<\/span>/);
    expect(html).not.toContain('GHS 5.00');
    expect(html).not.toContain('GHS 7.00');

    const text = await pdfText((await get(`${payment.receiptPath}.pdf`)).rawPayload);
    for (const expected of ['REFUNDS', 'CN-SOLAR-000101', 'CN-SOLAR-000102', '− GHS 25.00', '− GHS 10.00', 'Net paid', 'GHS 65.00']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('PARTIALLY REFUNDED');
  });

  it('says Refunded once everything went back, and shows no Refunds section without refunds', async () => {
    const refunded = await paidPayment('30.00', 'Esi Asante');
    await insertRefund(t.db, refunded.reference, { amountMinor: 3000, creditNoteNumber: 'CN-SOLAR-000201' });
    const html = (await get(refunded.receiptPath)).body;
    expect(html).toContain('<span class="status Success">Refunded</span>');
    expect(html).toMatch(/<span>Net paid<\/span><span class="num">GHS 0.00<\/span>/);

    const plain = await paidPayment('30.00', 'Kofi Asante');
    const plainHtml = (await get(plain.receiptPath)).body;
    expect(plainHtml).toContain('<span class="status Success">Paid</span>');
    expect(plainHtml).not.toContain('Net paid');
    expect(await pdfText((await get(`${plain.receiptPath}.pdf`)).rawPayload)).not.toContain('Net paid');
  });
});
