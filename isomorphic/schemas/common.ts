import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** The one error body every failure uses. */
export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
  },
  { $id: 'ErrorResponse', description: 'Every error: HTTP status, its name, and a message worth showing.' },
);

export const MessageResponse = Type.Object({ message: Type.String() });

const errorRef = Type.Unsafe<{ statusCode: number; error: string; message: string }>(Type.Ref('ErrorResponse'));

/** Response schemas for the given error statuses, all with the shared error body. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes): { [K in Codes[number]]: typeof errorRef } {
  return Object.fromEntries(codes.map((code) => [code, errorRef])) as { [K in Codes[number]]: typeof errorRef };
}

/** The errors any authenticated route can answer with. */
export const authErrors = errorResponses(400, 401, 403, 404, 429, 500);

/** The largest PostgreSQL `integer` (int4): ids of serial tables, counters, priorities. */
export const INT4_MAX = 2_147_483_647;

type IntegerOptions = Parameters<typeof Type.Integer>[0];

/**
 * An integer the database stores as int4. Bounded here so a number the column cannot hold is a 400 that names the
 * field, never a database error.
 */
export const Int4 = (options: IntegerOptions = {}) => Type.Integer({ minimum: -INT4_MAX - 1, maximum: INT4_MAX, ...options });

/** The id of a row in a `serial` table, in a path, query string or body. */
export const DatabaseId = (options: IntegerOptions = {}) => Int4({ minimum: 1, ...options });

/** An integer stored as int8 and handled as a JS number: within the range a number holds exactly. */
export const SafeInteger = (options: IntegerOptions = {}) =>
  Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** The id of a row in a `bigserial` table. */
export const BigDatabaseId = (options: IntegerOptions = {}) => SafeInteger({ minimum: 1, ...options });

/** `/:id` of a `serial` table. */
export const IdParams = Type.Object({ id: DatabaseId() });

export const EMAIL_MAX = 320;
export const PASSWORD_MAX = 200;
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX, minLength: 3 });

/**
 * A timestamp: a Date in handlers (or text a statement already wrote in Date#toISOString's form, ApiTime), an
 * ISO-8601 UTC string on the wire.
 */
export const DateTime = Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' });

/**
 * `schema` or null in a response: one type list (`{ type: ['string', 'null'] }`), which the response serializer
 * tells apart with typeof, where an anyOf (Type.Union with Type.Null) runs the validator — formats included — on
 * every value of every row it writes.
 */
export function OrNull<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const type = (schema as { type?: unknown }).type;
  if (typeof type !== 'string') throw new Error('OrNull takes a schema with one type');
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/**
 * One of a fixed list of strings in a response: `{ type: 'string', enum }`, which the response serializer writes as
 * plain text (a union of literals would run the validator on every value) and the API document lists.
 */
export const StringEnum = <const Values extends readonly string[]>(values: Values) =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: [...values] });

/** A reply that is only a URL. */
export const UrlResponse = Type.Object({ url: Type.String() });

/** Bytes on the wire (an image, a PDF): a Buffer in handlers, binary in the document. */
export const Binary = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** A response that is an HTML page (the customer-facing pages). */
export const HtmlPage = { description: 'An HTML page', content: { 'text/html': { schema: Type.String() } } };

/** A response that is a PDF document. */
export const PdfDocument = { description: 'A PDF document', content: { 'application/pdf': { schema: Binary } } };

/**
 * A wire value as a client reads it back from JSON: the Dates a handler returns (DateTime) arrive as ISO text. The
 * console types its API client as `Wire<Static<typeof Schema>>`.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends Uint8Array
    ? string
    : T extends readonly (infer Item)[]
      ? Wire<Item>[]
      : T extends object
        ? { [Key in keyof T]: Wire<T[Key]> }
        : T;
