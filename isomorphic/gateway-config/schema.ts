import { Type, type Static } from 'typebox';

// The generic HTTP adapter config (docs/console.md#entities "Gateway config JSON", docs/decisions.md#payments). Enumerated fields are
// plain strings here: the rules in rules.ts check them with the console's own wording.

const StringMap = Type.Record(Type.String(), Type.String({ maxLength: 2000 }));
const Statuses = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 });

export const AuthSchema = Type.Object(
  {
    type: Type.String({ description: 'bearer, basic, header or none' }),
    tokenFrom: Type.Optional(Type.String({ description: 'secretKey or publicKey: the credential used as bearer token or header value' })),
    token: Type.Optional(Type.String({ description: 'literal token or template, e.g. {secrets.secretKey}' })),
    headerName: Type.Optional(Type.String({ description: 'header auth: the header to set' })),
    value: Type.Optional(Type.String({ description: 'header auth: the value (template)' })),
    username: Type.Optional(Type.String({ description: 'basic auth user (template)' })),
    password: Type.Optional(Type.String({ description: 'basic auth password (template)' })),
  },
  { additionalProperties: false },
);

export const ResponseSchema = Type.Object(
  {
    format: Type.Optional(Type.String({ description: 'json (default), xml or text' })),
    regex: Type.Optional(Type.Boolean({ description: 'locators are regular expressions with one capture group (always so for xml/text)' })),
    providerReference: Type.Optional(Type.String({ description: 'dot-path (json) or regex capture group' })),
    checkoutUrl: Type.Optional(Type.String({ description: 'dot-path (json) or regex capture group' })),
    status: Type.Optional(Type.String({ description: 'dot-path (json) or regex capture group' })),
    template: Type.Optional(Type.String({ description: 'checkout URL built from tokens, e.g. https://pay.example/{providerReference}' })),
  },
  { additionalProperties: false },
);

const RequestFields = {
  method: Type.String({ description: 'GET, POST, PUT, PATCH or DELETE' }),
  url: Type.String({ description: 'absolute, or relative to baseUrl; may use tokens' }),
  payload: Type.Optional(Type.Unknown({ description: 'JSON object, or a string template such as XML' })),
  contentType: Type.Optional(Type.String({ description: 'defaults to application/json for objects' })),
  headers: Type.Optional(StringMap),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 60000 })),
  response: Type.Optional(ResponseSchema),
};

export const InitSchema = Type.Object(RequestFields, { additionalProperties: false });
export const VerifySchema = Type.Object(
  {
    ...RequestFields,
    successStatuses: Type.Optional(Statuses),
    failedStatuses: Type.Optional(Statuses),
  },
  { additionalProperties: false },
);

/** A refund's answer: the fields of any answer, and where the PSP explains a declined refund. */
export const RefundResponseSchema = Type.Object(
  {
    ...ResponseSchema.properties,
    message: Type.Optional(Type.String({ description: "where the PSP's explanation is (dot-path or regex): a failed refund's reason" })),
  },
  { additionalProperties: false },
);

const RefundCallFields = {
  ...RequestFields,
  response: Type.Optional(RefundResponseSchema),
  successStatuses: Type.Optional(Statuses),
  failedStatuses: Type.Optional(Statuses),
};

/** The refund's optional `verify`: asks the PSP about a refund it left pending (url with {refund.providerReference} or {refund.reference}). */
export const RefundVerifySchema = Type.Object(RefundCallFields, { additionalProperties: false });

/**
 * The refund's optional `webhook`: how a PSP callback about a refund is told from one about a payment (`event` is one
 * of `events`) and which refund it settles (docs/refunds.md#psp-callbacks). Signed as the gateway's payment callbacks.
 */
export const RefundWebhookSchema = Type.Object(
  {
    event: Type.Optional(Type.String({ description: 'where the callback says what it is about (dot-path or regex), e.g. event' })),
    events: Type.Optional(
      Type.Array(Type.String({ maxLength: 100 }), {
        maxItems: 20,
        description: 'the values of `event` that make a callback a refund callback, e.g. ["refund.processed", "refund.failed"]',
      }),
    ),
    reference: Type.Optional(Type.String({ description: "where Payrail's refund reference (RF-…) is" })),
    providerReference: Type.Optional(Type.String({ description: "where the PSP's own refund id is" })),
    paymentReference: Type.Optional(
      Type.String({ description: "where Payrail's payment reference is: its Pending gateway refund (of amountMinor, when given)" }),
    ),
    amountMinor: Type.Optional(Type.String({ description: 'with paymentReference: where the refunded amount in minor units is' })),
    status: Type.Optional(Type.String({ description: "where the refund's status is" })),
    message: Type.Optional(Type.String({ description: "where the PSP's explanation is: a failed refund's reason" })),
    regex: Type.Optional(Type.Boolean({ description: 'locators are regular expressions with one capture group' })),
    successStatuses: Type.Optional(Statuses),
    failedStatuses: Type.Optional(Statuses),
  },
  { additionalProperties: false },
);

/** The optional `refund` operation (docs/refunds.md): without it, refunds are recorded as made outside Payrail. */
export const RefundRequestSchema = Type.Object(
  {
    ...RefundCallFields,
    verify: Type.Optional(RefundVerifySchema),
    webhook: Type.Optional(RefundWebhookSchema),
  },
  { additionalProperties: false },
);

export const WebhookSchema = Type.Object(
  {
    signatureHeader: Type.Optional(Type.String()),
    headerNames: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
    stripPrefix: Type.Optional(Type.String({ description: 'e.g. sha256=' })),
    encoding: Type.Optional(Type.String({ description: 'hex (default) or base64' })),
    allowUnsigned: Type.Optional(Type.Boolean({ description: 'accept unsigned callbacks, trusting only a verify call' })),
    reference: Type.Optional(Type.String({ description: 'where the payment reference is: dot-path or regex' })),
    status: Type.Optional(Type.String()),
    providerReference: Type.Optional(Type.String()),
    regex: Type.Optional(Type.Boolean()),
    successStatuses: Type.Optional(Statuses),
    failedStatuses: Type.Optional(Statuses),
  },
  { additionalProperties: false },
);

export const GatewayConfigSchema = Type.Object(
  {
    baseUrl: Type.String({ description: 'the PSP API origin' }),
    headers: Type.Optional(StringMap),
    settings: Type.Optional(
      Type.Record(Type.String(), Type.String({ maxLength: 500 }), {
        description: 'provider settings, read in templates as {secrets.config.NAME}',
      }),
    ),
    auth: Type.Optional(AuthSchema),
    webhook: Type.Optional(WebhookSchema),
    init: InitSchema,
    verify: VerifySchema,
    refund: Type.Optional(RefundRequestSchema),
  },
  { additionalProperties: false, $id: 'GatewayConfig' },
);

export type GatewayConfig = Static<typeof GatewayConfigSchema>;
export type ResponseMapping = Static<typeof ResponseSchema>;
export type RequestSpec = Static<typeof InitSchema> & { successStatuses?: string[]; failedStatuses?: string[] };
export type RefundRequestSpec = Static<typeof RefundRequestSchema>;
export type RefundVerifySpec = Static<typeof RefundVerifySchema>;
export type RefundWebhookSpec = Static<typeof RefundWebhookSchema>;
