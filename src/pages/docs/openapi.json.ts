// /docs/openapi.json: the public API reference as an OpenAPI 3.1 document, for generating clients.
import type { APIRoute } from 'astro';
import { publicOpenApiDocument } from '../../lib/openapi-build.ts';

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(publicOpenApiDocument(), null, 2)}\n`, { headers: { 'content-type': 'application/json' } });
