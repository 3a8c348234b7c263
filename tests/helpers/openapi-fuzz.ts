// Malformed requests for every operation of an OpenAPI document. Each case starts from a plausible request built
// from the operation's own schemas and breaks one thing: one path parameter, one query parameter, one header, one body
// field, the whole body or its content type. Operations added later are covered without touching this file.
import { HTTP_METHODS, mountedPath } from '../../src/lib/openapi-render.ts';
import { random } from './random.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

const WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);

/** One operation of the document, with the path it is mounted at (its server URL's path joined to its own). */
export interface FuzzOperation {
  method: string;
  /** e.g. `/api/payments/{id}` */
  mountedPath: string;
  operation: Json;
}

/** One malformed request, ready for `app.inject()`. */
export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Every operation of `document`, at the path its server URL mounts it. */
export function fuzzOperations(document: Json): FuzzOperation[] {
  const paths = isObject(document['paths']) ? document['paths'] : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation) || !isObject(item)) return [];
      return [{ method, mountedPath: mountedPath(path, operation, document), operation }];
    }),
  );
}

/** Values for a path parameter or query string, already written for a URL (invalid percent-escapes on purpose). */
const URL_VALUES = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '1e309',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  '00000000000000000000000000000000001',
  '%20',
  '%00',
  '1%00',
  '%ED%A0%80', // a lone surrogate written as UTF-8 bytes (CESU)
  '%uD800',
  '%',
  '%zz',
  'a'.repeat(600),
  'true',
  'null',
  '%7B%7D',
  '..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3E',
  '%F0%9F%99%82',
  "'%20OR%201=1--",
];

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Values for a JSON body field. */
const BODY_VALUES: unknown[] = [
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1.5,
  -1,
  0,
  '2147483648',
  '1e308',
  'NaN',
  '',
  ' ',
  '\uD800',
  'x\uDC00',
  'a\u0000b',
  'x'.repeat(70_000),
  '🙂',
  true,
  null,
  [],
  {},
  [[[[1]]]],
  ['\uD800'],
  nested(300),
  { '\u0000': 1 },
  { '\uDBFF': 'x' },
];

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Whole JSON bodies: empty, truncated, deep, odd top-level values and escapes that decode to bad text. */
const RAW_JSON_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  '[',
  'nul',
  '{}}',
  '\uFEFF{}',
  'null',
  'true',
  '[]',
  '"text"',
  '1e999',
  '9'.repeat(400),
  '"\\ud800"',
  '{"\\ud800":1}',
  '{"x":"\\udc00\\u0000"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  deepArrays(7_000),
  deepObjects(7_000),
  deepArrays(30_000),
  '['.repeat(30_000),
];

const BOUNDARY = 'fuzzboundary';
const part = (field: string, filename: string, type: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n`;
const PNG_HEADER = '\u0089PNG\r\n\u001a\n';

/** Bodies sent with the wrong or a broken content type (multipart included, for the upload routes). */
const CONTENT_TYPE_CASES: { contentType: string | undefined; payload: string }[] = [
  { contentType: 'text/plain', payload: '{}' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=%ED%A0%80&b=%00&c=2147483648&a=1' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
  { contentType: 'application/json', payload: '{"a":1}'.repeat(2) },
  { contentType: undefined, payload: '{}' },
  { contentType: 'multipart/form-data', payload: part('file', 'a.png', 'image/png', PNG_HEADER) },
  { contentType: 'multipart/form-data; boundary=', payload: part('file', 'a.png', 'image/png', PNG_HEADER) },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: 'no parts at all' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: part('file', 'a.png', 'image/png', PNG_HEADER) },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `${part('file', 'a.png', 'image/png', PNG_HEADER)}--${BOUNDARY}--\r\n`,
  },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: `${part('logo', '', 'image/png', '')}--${BOUNDARY}--\r\n` },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: `${part('other', 'a.txt', 'text/plain', 'hi')}--${BOUNDARY}--\r\n` },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="\uD800"\r\n\r\n\u0000\r\n--${BOUNDARY}--\r\n`,
  },
];

/** Values for a header parameter (header values cannot carry NUL or characters beyond Latin-1). */
const HEADER_VALUES = ['', ' ', 'x'.repeat(10_000), '\u00ff\u00fe', '2147483648', 'a b c'];

function resolve(schema: unknown, document: Json): Json {
  if (!isObject(schema)) return {};
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = document;
  for (const key of ref.slice(2).split('/')) target = isObject(target) ? target[key] : undefined;
  return isObject(target) ? target : {};
}

/** A plausible value for `schema`: the first enum or option, an in-range number, a well-formed string. */
function sample(schemaOrRef: unknown, document: Json, depth = 0): unknown {
  const schema = resolve(schemaOrRef, document);
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  const options = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(options) && options.length > 0) return sample(options[0], document, depth);
  const types: unknown[] = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  const type = types.find((entry) => entry !== 'null');
  const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
  switch (type) {
    case 'integer':
    case 'number':
      return minimum;
    case 'boolean':
      return true;
    case 'array':
      return typeof schema['minItems'] === 'number' && schema['minItems'] > 0 && depth < 4
        ? [sample(schema['items'], document, depth + 1)]
        : [];
    case 'object':
      return depth < 4
        ? Object.fromEntries(requiredProperties(schema).map((name) => [name, sample(propertiesOf(schema)[name], document, depth + 1)]))
        : {};
    case 'string':
      return sampleString(schema);
    default:
      return 'fuzz';
  }
}

function sampleString(schema: Json): string {
  const format = schema['format'];
  if (format === 'email') return 'fuzz@example.com';
  if (format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (format === 'date') return '2026-01-01';
  if (format === 'uri' || format === 'url') return 'https://example.com/fuzz';
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  return 'fuzzvalue'.padEnd(Math.max(minLength, 9), 'x');
}

const propertiesOf = (schema: Json): Json => (isObject(schema['properties']) ? schema['properties'] : {});
const requiredProperties = (schema: Json): string[] =>
  Array.isArray(schema['required']) ? schema['required'].filter((name): name is string => typeof name === 'string') : [];

interface Parameter {
  name: string;
  in: string;
  schema: unknown;
}

function parametersOf(operation: Json): Parameter[] {
  const list = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  return list
    .filter(isObject)
    .map((parameter) => ({ name: String(parameter['name']), in: String(parameter['in']), schema: parameter['schema'] }));
}

function jsonBodySchema(operation: Json, document: Json): Json | undefined {
  const requestBody = resolve(operation['requestBody'], document);
  const content = isObject(requestBody['content']) ? requestBody['content'] : {};
  const media = content['application/json'];
  return isObject(media) ? resolve(media['schema'], document) : undefined;
}

/** Path-safe text for a sampled value. */
const asUrlText = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

/** `count` distinct entries of `list`, drawn with `next` (all of them when `count` covers the list). */
function pick<T>(list: readonly T[], count: number, next: () => number): T[] {
  const pool = [...list];
  for (let index = pool.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [pool[index], pool[other]] = [pool[other] as T, pool[index] as T];
  }
  return pool.slice(0, count);
}

/** How many cases of each kind one operation gets, drawn from the lists above (a count past a list's length takes it all). */
export interface FuzzBudget {
  /** Malformed values per path parameter. */
  pathValues: number;
  /** Malformed values per query parameter, header and body field. */
  fieldValues: number;
  rawBodies: number;
  contentTypes: number;
}

export interface FuzzOptions {
  seed: number;
  budget: FuzzBudget;
  /** Integer path parameters of DELETE operations take this id when another part is broken, so nothing real is deleted. */
  absentId: number;
}

/** The malformed requests for one operation, deterministic for a given seed. */
export function fuzzCases(target: FuzzOperation, document: Json, options: FuzzOptions): FuzzCase[] {
  const next = random(options.seed);
  const { method, mountedPath, operation } = target;
  const { budget } = options;
  const parameters = parametersOf(operation);
  const validPath: Record<string, string> = {};
  for (const parameter of parameters.filter((entry) => entry.in === 'path')) {
    const value = sample(parameter.schema, document);
    validPath[parameter.name] = method === 'delete' && typeof value === 'number' ? String(options.absentId) : asUrlText(value);
  }
  const validQuery: Record<string, string> = {};
  for (const parameter of parameters.filter((entry) => entry.in === 'query'))
    validQuery[parameter.name] = asUrlText(sample(parameter.schema, document));
  const validHeaders: Record<string, string> = {};
  for (const parameter of parameters.filter((entry) => entry.in === 'header')) validHeaders[parameter.name] = `fuzz-${parameter.name}`;
  const bodySchema = jsonBodySchema(operation, document);
  const validBody = bodySchema ? sample(bodySchema, document) : undefined;

  const build = (
    label: string,
    parts: {
      path?: Record<string, string>;
      query?: Record<string, string> | string;
      headers?: Record<string, string>;
      body?: unknown;
      raw?: FuzzCase['payload'];
      contentType?: string | undefined;
    },
  ): FuzzCase => {
    const pathValues = { ...validPath, ...parts.path };
    const url = mountedPath.replace(/\{(\w+)\}/g, (_match, name: string) => pathValues[name] ?? '1');
    const query =
      typeof parts.query === 'string'
        ? parts.query
        : Object.entries({ ...validQuery, ...parts.query })
            .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
            .join('&');
    const headers: Record<string, string> = { ...validHeaders, ...parts.headers };
    let payload: FuzzCase['payload'];
    if (parts.raw !== undefined) payload = parts.raw;
    else if (parts.body !== undefined) payload = JSON.stringify(parts.body);
    else if (validBody !== undefined) payload = JSON.stringify(validBody);
    const contentType = 'contentType' in parts ? parts.contentType : payload === undefined ? undefined : 'application/json';
    if (contentType !== undefined) headers['content-type'] = contentType;
    return {
      label: `${method.toUpperCase()} ${mountedPath} ${label}`,
      method: method.toUpperCase(),
      url: query ? `${url}?${query}` : url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  };

  const cases: FuzzCase[] = [build('as sampled', {})];
  for (const parameter of parameters) {
    if (parameter.in === 'path') {
      for (const value of pick(URL_VALUES, budget.pathValues, next))
        cases.push(build(`path ${parameter.name}=${value.slice(0, 40)}`, { path: { [parameter.name]: value } }));
    } else if (parameter.in === 'query') {
      for (const value of pick(URL_VALUES, budget.fieldValues, next))
        cases.push(build(`query ${parameter.name}=${value.slice(0, 40)}`, { query: { [parameter.name]: value } }));
      cases.push(build(`query ${parameter.name} twice`, { query: `${parameter.name}=1&${parameter.name}=2147483648` }));
      cases.push(build(`query ${parameter.name} without a value`, { query: parameter.name }));
    } else if (parameter.in === 'header') {
      for (const value of pick(HEADER_VALUES, budget.fieldValues, next))
        cases.push(build(`header ${parameter.name}=${value.slice(0, 40)}`, { headers: { [parameter.name]: value } }));
    }
  }
  cases.push(build('unknown query parameter', { query: { [`fuzz${'%ED%A0%80'}`]: '%00' } }));

  if (WITH_BODY.has(method)) {
    if (bodySchema && isObject(validBody)) {
      for (const [field, schema] of Object.entries(propertiesOf(bodySchema))) {
        for (const value of pick(BODY_VALUES, budget.fieldValues, next))
          cases.push(build(`body ${field}=${JSON.stringify(value).slice(0, 40)}`, { body: { ...validBody, [field]: value } }));
        const nestedSchema = resolve(schema, document);
        const inner = sample(nestedSchema, document);
        for (const [innerField] of Object.entries(propertiesOf(nestedSchema)).slice(0, 8)) {
          const value = pick(BODY_VALUES, 1, next)[0];
          cases.push(
            build(`body ${field}.${innerField}=${JSON.stringify(value).slice(0, 40)}`, {
              body: { ...validBody, [field]: { ...(isObject(inner) ? inner : {}), [innerField]: value } },
            }),
          );
        }
      }
    }
    for (const raw of pick(RAW_JSON_BODIES, budget.rawBodies, next))
      cases.push(build(`raw JSON ${JSON.stringify(raw.slice(0, 30))}`, { raw, contentType: 'application/json' }));
    for (const { contentType, payload } of pick(CONTENT_TYPE_CASES, budget.contentTypes, next))
      cases.push(
        build(`content type ${contentType ?? 'none'} ${JSON.stringify(payload.slice(0, 30))}`, { raw: Buffer.from(payload), contentType }),
      );
  }
  return cases;
}
