import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let orgadmin: string;
let reference: string;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const EVIL_NAME = 'Ama <script>alert(1)</script> & "Sons"';
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

/** Creates a payment of the organisation (customer e-mail ama@example.com); returns its reference. */
async function createPayment(fields: { amount: string; customerName: string; description: string }): Promise<string> {
  const created = await call('POST', '/api/payments', orgadmin, { ...fields, customerEmail: 'ama@example.com' });
  expect(created.statusCode).toBe(201);
  return body<{ reference: string }>(created).reference;
}

beforeAll(async () => {
  t = await buildTestApp();
  const orgId = await createOrganisation(t.db, 'Accra Water Works');
  await createUser(t.db, { email: 'billing@water.test', orgId });
  orgadmin = await signIn(t.app, 'billing@water.test');
  const branding = await call('PATCH', '/api/organisations/my-organisation', orgadmin, {
    receiptTitle: 'Official Receipt',
    addressLine1: '12 Liberation Road',
    city: 'Accra',
    phone: '+233 30 000 0000',
    taxId: 'C0001234567',
    registrationNumber: 'CS-42',
    invoiceFooterNote: 'Thank you for paying on time. Queries: <billing@water.test>',
    logoPosition: 'center',
  });
  expect(branding.statusCode).toBe(200);
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(fixture('pixel.png'))], { type: 'image/png' }), 'logo.png');
  const logo = await t.app.inject({
    method: 'POST',
    url: '/api/organisations/my-organisation/logo',
    headers: { authorization: `Bearer ${orgadmin}` },
    payload: form,
  });
  expect(logo.statusCode).toBe(200);
  reference = await createPayment({ amount: '12.50', customerName: EVIL_NAME, description: 'Water bill — October' });
});
afterAll(() => t.close());

describe('invoices', () => {
  it('serves a branded, escaped invoice page with a strict CSP', async () => {
    const response = await get(`/receipts/invoice/${reference}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CSP);
    const html = response.body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ama &#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;Sons&#34;');
    expect(html).toContain('12.50');
    expect(html).toContain(reference);
    expect(html).toContain('Accra Water Works');
    expect(html).toContain('12 Liberation Road');
    expect(html).toContain('C0001234567');
    expect(html).toContain('Thank you for paying on time. Queries: &#60;billing@water.test&#62;');
    expect(html).toMatch(/<header class="center">/);
    expect(html).toMatch(/<img class="logo" src="\/api\/files\/[A-Za-z0-9_-]+"/);
    expect(html).toContain(`href="/receipts/invoice/${reference}.pdf"`);
    expect(html).toContain('Awaiting payment');
  });

  it('heads an unpaid payment as an invoice with the amount due, never as the receipt', async () => {
    const html = (await get(`/receipts/invoice/${reference}`)).body;
    expect(html).toContain('<h1>Invoice</h1>');
    expect(html).toContain('Billed to');
    expect(html).toContain('<span>Amount due</span>');
    expect(html).not.toContain('Official Receipt');
    expect(html).not.toContain('Amount paid');

    const text = await pdfText((await get(`/receipts/invoice/${reference}.pdf`)).rawPayload);
    expect(text).toContain('INVOICE');
    expect(text).toContain('Amount due');
    expect(text).not.toMatch(/official receipt/i);
    expect(text).not.toContain('Amount paid');
  });

  it('serves the invoice as a PDF with the same content', async () => {
    const response = await get(`/receipts/invoice/${reference}.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${reference}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [reference, 'GHS 12.50', 'Accra Water Works', 'C0001234567', 'Thank you for paying on time']) {
      expect(text).toContain(expected);
    }
  });

  it('prints names in any Latin, Greek or Cyrillic letters as written, not as question marks', async () => {
    const name = 'Ɔsei Ɛfua Nyamekyɛ, Łukasz, Ελένη, Ольга';
    const response = await get(
      `/receipts/invoice/${await createPayment({ amount: '5.00', customerName: name, description: 'Ŋkɔmɔ fee' })}.pdf`,
    );
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    // The name wraps in its column: each part is checked.
    for (const part of ['Ɔsei Ɛfua Nyamekyɛ', 'Łukasz', 'Ελένη', 'Ольга', 'Ŋkɔmɔ fee']) expect(text).toContain(part);
    expect(text).not.toContain('?');
  });

  it('answers 404 for unknown or malformed references, as HTML on the page route', async () => {
    const unknown = await get('/receipts/invoice/PAY-0000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['content-security-policy']).toBe(CSP);
    expect((await get('/receipts/invoice/PAY-0000000000000000.pdf')).statusCode).toBe(404);
    const malformed = await get('/receipts/invoice/%3Cscript%3E');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).not.toContain('<script>');
    expect((await get(`/receipts/invoice/${reference.toLowerCase()}`)).statusCode).toBe(404);
  });
});

describe('receipts', () => {
  it('exists only for successful payments, behind an unguessable token', async () => {
    expect((await call('GET', `/api/payments/${reference}/receipt`, orgadmin)).statusCode).toBe(400);
    expect((await get('/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get('/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf')).statusCode).toBe(404);
    expect((await get('/receipts/short')).statusCode).toBe(404);
  });

  it('serves the receipt page and PDF once the payment is paid', async () => {
    const paid = await call('PATCH', `/api/payments/${reference}/mark-success`, orgadmin);
    expect(paid.statusCode).toBe(200);
    const receiptNumber = body<{ receiptNumber: string }>(paid).receiptNumber;
    expect(receiptNumber).toBeTruthy();

    const link = await call('GET', `/api/payments/${reference}/receipt`, orgadmin);
    expect(link.statusCode).toBe(200);
    const url = new URL(body<{ url: string }>(link).url);
    expect(url.pathname).toMatch(/^\/receipts\/[A-Za-z0-9_-]{20,64}$/);

    const page = await get(url.pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(receiptNumber);
    expect(page.body).toContain('Official Receipt');
    expect(page.body).toContain('Amount paid');
    expect(page.body).toContain(`href="${url.pathname}.pdf"`);

    const pdf = await get(`${url.pathname}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(receiptNumber);
    expect(text).toContain(reference);
    expect(text).toContain('GHS 12.50');
    expect(text).toContain('OFFICIAL RECEIPT');
    expect(text).toContain('Amount paid');
    expect(text).not.toContain('Amount due');
    expect(page.body).not.toContain('Amount due');

    // The invoice link stays available and now shows the receipt: paid, with the amount paid.
    const invoiceLink = (await get(`/receipts/invoice/${reference}`)).body;
    expect(invoiceLink).toContain('Paid');
    expect(invoiceLink).toContain('<h1>Official Receipt</h1>');
    expect(invoiceLink).toContain('<span>Amount paid</span>');
    expect(invoiceLink).not.toContain('Amount due');
    const invoiceLinkPdf = await pdfText((await get(`/receipts/invoice/${reference}.pdf`)).rawPayload);
    expect(invoiceLinkPdf).toContain('OFFICIAL RECEIPT');
    expect(invoiceLinkPdf).toContain('Amount paid');
    expect(invoiceLinkPdf).not.toContain('Amount due');
  });

  it('lists the public pages in the OpenAPI document', async () => {
    const document = body<{ paths: Record<string, unknown> }>(await get('/api/openapi.json'));
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/receipts/invoice/{reference}',
        '/receipts/invoice/{reference}.pdf',
        '/receipts/{token}',
        '/receipts/{token}.pdf',
      ]),
    );
  });
});
