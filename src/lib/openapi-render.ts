// Turns the server's OpenAPI document into what the API reference page lists: every operation with its
// parameters, body and responses, and schemas written as compact TypeScript-like text. Build-time only.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}

export interface ApiResponse {
  status: string;
  description: string;
  /** The body's schema as text ('' when the response has none). */
  schema: string;
  contentType: string;
}

export interface ApiOperation {
  id: string;
  method: string;
  /** As mounted: '/api/…' for API routes, the root for customer pages. */
  path: string;
  tag: string;
  summary: string;
  description: string;
  /** Needs a bearer token. */
  secured: boolean;
  parameters: ApiParameter[];
  requestBody: string;
  requestContentType: string;
  responses: ApiResponse[];
}

/** The component name a `$ref` points at: its schema's title when it has one. */
function refName(ref: string, doc: Json): string {
  const key = ref.split('/').pop() ?? ref;
  const components = isObject(doc['components']) && isObject(doc['components']['schemas']) ? doc['components']['schemas'] : {};
  const target = components[key];
  return isObject(target) && typeof target['title'] === 'string' ? target['title'] : key;
}

function resolve(schema: unknown, doc: Json): Json {
  if (!isObject(schema) || typeof schema['$ref'] !== 'string') return isObject(schema) ? schema : {};
  const key = schema['$ref'].split('/').pop() ?? '';
  const components = isObject(doc['components']) && isObject(doc['components']['schemas']) ? doc['components']['schemas'] : {};
  return isObject(components[key]) ? components[key] : {};
}

const indent = (depth: number) => '  '.repeat(depth);

/** A schema as readable text: objects with their fields (`?` optional, `// description`), unions with `|`. */
export function schemaText(schema: unknown, doc: Json, depth = 0, seen: ReadonlySet<string> = new Set()): string {
  if (!isObject(schema)) return 'unknown';
  if (typeof schema['$ref'] === 'string') {
    const name = refName(schema['$ref'], doc);
    // Shared component schemas are written out once per use, but never recursively.
    if (seen.has(name) || depth > 3) return name;
    return schemaText(resolve(schema, doc), doc, depth, new Set([...seen, name]));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) return options.map((option) => schemaText(option, doc, depth, seen)).join(' | ');
  }
  if (Array.isArray(schema['enum'])) return schema['enum'].map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema['const']);
  const type = schema['type'];
  // A nullable value in a response is one type list (OrNull): each type as written alone, its format kept.
  if (Array.isArray(type))
    return (type as unknown[])
      .map((each) => (each === 'null' ? 'null' : schemaText({ ...schema, type: each }, doc, depth, seen)))
      .join(' | ');
  if (type === 'array') {
    const item = schemaText(schema['items'], doc, depth, seen);
    return item.includes('|') && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
  }
  if (type === 'object' || isObject(schema['properties'])) {
    const properties = isObject(schema['properties']) ? schema['properties'] : {};
    const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
    const entries = Object.entries(properties);
    if (entries.length === 0) {
      const extra = schema['additionalProperties'];
      if (isObject(extra)) return `Record<string, ${schemaText(extra, doc, depth, seen)}>`;
      if (isObject(schema['patternProperties'])) {
        const [first] = Object.values(schema['patternProperties']);
        return `Record<string, ${schemaText(first, doc, depth, seen)}>`;
      }
      return type === 'object' ? 'object' : 'unknown';
    }
    const lines = entries.map(([name, value]) => {
      const note = isObject(value) && typeof value['description'] === 'string' ? `  // ${value['description']}` : '';
      return `${indent(depth + 1)}${name}${required.has(name) ? '' : '?'}: ${schemaText(value, doc, depth + 1, seen)}${note}`;
    });
    return `{\n${lines.join('\n')}\n${indent(depth)}}`;
  }
  if (typeof type === 'string') {
    const format = typeof schema['format'] === 'string' ? ` (${schema['format']})` : '';
    return `${type === 'integer' ? 'integer' : type}${format}`;
  }
  return 'unknown';
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function firstServerUrl(holder: Json): string | undefined {
  const servers = holder['servers'];
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  return isObject(first) && typeof first['url'] === 'string' ? first['url'] : undefined;
}

/** The path a route is mounted at: the path of its server URL (the operation's, its path's, else the document's), then its own. */
export function mountedPath(path: string, operation: Json, doc: Json): string {
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const item = isObject(paths[path]) ? paths[path] : {};
  const server = firstServerUrl(operation) ?? firstServerUrl(item) ?? firstServerUrl(doc) ?? '/';
  return `${new URL(server, 'http://server.invalid').pathname.replace(/\/$/, '')}${path}`;
}

function bodyOf(content: unknown, doc: Json): { schema: string; contentType: string } {
  if (!isObject(content)) return { schema: '', contentType: '' };
  const [contentType, media] = Object.entries(content)[0] ?? [];
  if (!contentType || !isObject(media)) return { schema: '', contentType: '' };
  return { schema: media['schema'] === undefined ? '' : schemaText(media['schema'], doc), contentType };
}

/** Every operation of the document, ordered by tag, then path, then method. */
export function apiOperations(doc: Json): ApiOperation[] {
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const parameters = (Array.isArray(operation['parameters']) ? operation['parameters'] : []).filter(isObject).map((parameter) => ({
        name: String(parameter['name']),
        in: String(parameter['in']),
        required: parameter['required'] === true,
        type: schemaText(parameter['schema'], doc),
        description:
          typeof parameter['description'] === 'string'
            ? parameter['description']
            : isObject(parameter['schema']) && typeof parameter['schema']['description'] === 'string'
              ? parameter['schema']['description']
              : '',
      }));
      const request = bodyOf(isObject(operation['requestBody']) ? operation['requestBody']['content'] : undefined, doc);
      const responses = Object.entries(isObject(operation['responses']) ? operation['responses'] : {}).map(([status, response]) => {
        const body = bodyOf(isObject(response) ? response['content'] : undefined, doc);
        return {
          status,
          description: isObject(response) && typeof response['description'] === 'string' ? response['description'] : '',
          schema: body.schema,
          contentType: body.contentType,
        };
      });
      const tags = Array.isArray(operation['tags']) ? (operation['tags'] as string[]) : [];
      const mounted = mountedPath(path, operation, doc);
      operations.push({
        id: anchorOf(method, mounted),
        method: method.toUpperCase(),
        path: mounted,
        tag: tags[0] ?? 'other',
        summary: typeof operation['summary'] === 'string' ? operation['summary'] : '',
        description: typeof operation['description'] === 'string' ? operation['description'] : '',
        secured: Array.isArray(operation['security']) && operation['security'].length > 0,
        parameters,
        requestBody: request.schema,
        requestContentType: request.contentType,
        responses,
      });
    }
  }
  return operations.sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Operations grouped by their first tag, in order. */
export function operationsByTag(operations: readonly ApiOperation[]): Array<{ tag: string; operations: ApiOperation[] }> {
  const groups = new Map<string, ApiOperation[]>();
  for (const operation of operations) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups].map(([tag, list]) => ({ tag, operations: list }));
}
