interface ImportMetaEnv {
  /** Base URL of the JSON API; '/api' on the console's own origin when unset. */
  readonly PUBLIC_API_BASE?: string;
}
