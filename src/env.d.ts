interface ImportMetaEnv {
  /** Base URL of the JSON API; '/api' on the console's own origin when unset. */
  readonly PUBLIC_API_BASE?: string;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate after the head's session check has answered and painted (src/directives/after-session-check.ts). */
    'client:session'?: boolean;
  }
}
