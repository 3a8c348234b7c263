// The public API reference's document (/docs/api, /docs/openapi.json): the server's OpenAPI document with only the
// operations an organisation can call (x-payrail-audience, written from each route's guard by
// server/openapi-audience.ts), and only the component schemas those operations use. The one filter for both.
import { AUDIENCE_EXTENSION } from '../../server/openapi-audience.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every `#/components/schemas/…` name referenced anywhere inside a value. */
function referencedSchemas(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, into);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        into.add(child.slice('#/components/schemas/'.length));
      } else referencedSchemas(child, into);
    }
  }
  return into;
}

/** The document with superadmin-only operations (and whatever only they used) removed. */
export function publicApiDocument(document: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [pathName, operations] of Object.entries(isObject(document['paths']) ? document['paths'] : {})) {
    if (!isObject(operations)) continue;
    const kept = Object.entries(operations).filter(
      ([, operation]) => isObject(operation) && operation[AUDIENCE_EXTENSION] === 'organisation',
    );
    if (kept.length > 0) paths[pathName] = Object.fromEntries(kept);
  }
  const components = isObject(document['components']) ? document['components'] : {};
  const schemas = isObject(components['schemas']) ? components['schemas'] : {};
  // Follow references transitively: a kept schema may point at another one.
  const used = referencedSchemas(paths, new Set());
  for (let size = -1; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
  }
  const keptSchemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, paths, components: { ...components, schemas: keptSchemas } };
}
