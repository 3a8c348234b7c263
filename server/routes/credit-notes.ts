import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { HtmlPage, PdfDocument, errorResponses } from '../../isomorphic/schemas/common.ts';
import { CreditNoteTokenParams } from '../../isomorphic/schemas/receipts.ts';
import { loadCreditNote } from '../services/receipts/credit-notes.ts';
import { loadEmbeddableLogo } from '../services/receipts/documents.ts';
import { renderCreditNoteHtml } from '../services/receipts/render-credit-note-html.ts';
import { renderCreditNotePdf } from '../services/receipts/render-credit-note-pdf.ts';
import { RECEIPT_PAGE_CSP, renderNotFoundHtml } from '../services/receipts/render-html.ts';

/** Customer-facing credit notes of succeeded refunds (page and PDF), public by unguessable token like receipts. */
const creditNoteRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  // Served at the site root, not under the document's /api server URL.
  const common = { tags: ['receipts'] };

  app.get(
    '/credit-notes/:token.pdf',
    {
      schema: {
        ...common,
        summary: 'The credit note of a succeeded refund as a PDF (public, by unguessable token)',
        params: CreditNoteTokenParams,
        response: { 200: PdfDocument, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'self'").header('cache-control', 'no-store');
      const doc = await loadCreditNote(db, request.params.token);
      const bytes = await renderCreditNotePdf(doc, await loadEmbeddableLogo(db, doc.organisation.logoUrl));
      return reply
        .type('application/pdf')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('content-disposition', `inline; filename="${doc.creditNoteNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf"`)
        .send(bytes);
    },
  );

  app.get(
    '/credit-notes/:token',
    {
      schema: {
        ...common,
        summary: 'The printable credit note page of a succeeded refund (public, by unguessable token)',
        params: CreditNoteTokenParams,
        response: { 200: HtmlPage, 404: { ...HtmlPage, description: 'Unknown, malformed or not succeeded (an HTML page)' } },
      },
    },
    async (request, reply) => {
      reply
        .header('content-security-policy', RECEIPT_PAGE_CSP)
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'no-store');
      try {
        return reply.type('text/html; charset=utf-8').send(renderCreditNoteHtml(await loadCreditNote(db, request.params.token)));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) {
          return reply.code(404).type('text/html; charset=utf-8').send(renderNotFoundHtml(error.message));
        }
        throw error;
      }
    },
  );
};

export default creditNoteRoutes;
