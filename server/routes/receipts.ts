import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { HtmlPage, PdfDocument, errorResponses } from '../../isomorphic/schemas/common.ts';
import { InvoiceReferenceParams, ReceiptTokenParams } from '../../isomorphic/schemas/receipts.ts';
import { loadEmbeddableLogo, loadInvoice, loadReceipt, type ReceiptDocument } from '../services/receipts/documents.ts';
import { RECEIPT_PAGE_CSP, renderDocumentHtml, renderNotFoundHtml } from '../services/receipts/render-html.ts';
import { renderDocumentPdf } from '../services/receipts/render-pdf.ts';

/** Customer-facing invoice (any status, by reference) and receipt (paid, by unguessable token) pages and PDFs. */
const receiptRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  // These pages are served at the site root, not under the document's /api server URL.
  const common = { tags: ['receipts'] };

  const sendHtml = async (reply: FastifyReply, load: () => Promise<ReceiptDocument>, noStore: boolean) => {
    reply.header('content-security-policy', RECEIPT_PAGE_CSP).header('x-robots-tag', 'noindex, nofollow');
    if (noStore) reply.header('cache-control', 'no-store');
    try {
      const doc = await load();
      return reply.type('text/html; charset=utf-8').send(renderDocumentHtml(doc));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundHtml(error.message));
      }
      throw error;
    }
  };

  const sendPdf = async (reply: FastifyReply, load: () => Promise<ReceiptDocument>, noStore: boolean) => {
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'");
    if (noStore) reply.header('cache-control', 'no-store');
    const doc = await load();
    const bytes = await renderDocumentPdf(doc, await loadEmbeddableLogo(db, doc.organisation.logoUrl));
    const name = doc.kind === 'receipt' && doc.receiptNumber ? doc.receiptNumber : doc.reference;
    return reply
      .type('application/pdf')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
      .send(bytes);
  };

  app.get(
    '/receipts/invoice/:reference.pdf',
    {
      schema: {
        ...common,
        summary: 'The invoice of a payment as a PDF (public, by payment reference)',
        params: InvoiceReferenceParams,
        response: { 200: PdfDocument, ...errorResponses(404) },
      },
    },
    async (request, reply) => sendPdf(reply, () => loadInvoice(db, request.params.reference), false),
  );

  app.get(
    '/receipts/invoice/:reference',
    {
      schema: {
        ...common,
        summary: 'The printable invoice page of a payment (public, by payment reference)',
        params: InvoiceReferenceParams,
        response: { 200: HtmlPage, 404: { ...HtmlPage, description: 'Unknown or malformed (an HTML page)' } },
      },
    },
    async (request, reply) => sendHtml(reply, () => loadInvoice(db, request.params.reference), false),
  );

  app.get(
    '/receipts/:token.pdf',
    {
      schema: {
        ...common,
        summary: 'The receipt of a successful payment as a PDF (public, by unguessable token)',
        params: ReceiptTokenParams,
        response: { 200: PdfDocument, ...errorResponses(404) },
      },
    },
    async (request, reply) => sendPdf(reply, () => loadReceipt(db, request.params.token), true),
  );

  app.get(
    '/receipts/:token',
    {
      schema: {
        ...common,
        summary: 'The printable receipt page of a successful payment (public, by unguessable token)',
        params: ReceiptTokenParams,
        response: { 200: HtmlPage, 404: { ...HtmlPage, description: 'Unknown or malformed (an HTML page)' } },
      },
    },
    async (request, reply) => sendHtml(reply, () => loadReceipt(db, request.params.token), true),
  );
};

export default receiptRoutes;
