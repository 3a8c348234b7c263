export {
  GatewayConfigSchema,
  type GatewayConfig,
  type RefundRequestSpec,
  type RefundVerifySpec,
  type RefundWebhookSpec,
  type RequestSpec,
  type ResponseMapping,
} from './schema.ts';
export { AUTH_TYPES, HTTP_METHODS, RESPONSE_FORMATS, type ConfigIssue } from './rules.ts';
export { INVALID_JSON, validateGatewayConfig, validateGatewayConfigText, type ConfigReport } from './validate.ts';
