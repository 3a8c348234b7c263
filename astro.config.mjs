// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import { fileURLToPath } from 'node:url';
import { clientChunkGroups } from './scripts/lib/client-chunks.ts';
import { addModulePreloads } from './scripts/lib/module-preload.ts';

/** Every page preloads the modules it runs at once, so a phone fetches them in parallel, not level by level. */
/** @type {import('astro').AstroIntegration} */
const modulePreloads = {
  name: 'payrail-module-preloads',
  hooks: {
    'astro:build:done': ({ dir, logger }) => {
      logger.info(`modulepreload links added to ${addModulePreloads(fileURLToPath(dir))} pages`);
    },
  },
};

/** `client:session`: console islands hydrate after the head's session check has painted (src/lib/session-check.ts). */
/** @type {import('astro').AstroIntegration} */
const sessionDirective = {
  name: 'payrail-session-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'session',
        entrypoint: fileURLToPath(new URL('./src/directives/after-session-check.ts', import.meta.url)),
      });
    },
  },
};

export default defineConfig({
  output: 'static',
  integrations: [react(), mdx(), modulePreloads, sessionDirective],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  // Integration Docs code blocks (shiki at build time): a dark theme whose comments keep 4.5:1 contrast.
  markdown: { shikiConfig: { theme: 'github-dark-default' } },
  vite: {
    // The browser's modules in a few chunks instead of one per set of importers (scripts/lib/client-chunks.ts).
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups } } } } } },
    server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
    build: {
      // Monaco (the gateway and bank config editor, ~3.9 MB) is one chunk that only those screens load, on demand.
      // What each page loads at first is budgeted by scripts/check-bundle-size.ts, so the size warning adds nothing.
      chunkSizeWarningLimit: 4500,
      rolldownOptions: {
        onwarn(warning, warn) {
          // Astro wraps every MDX page in a generated module that opens with a "use astro:head-inject" marker, which
          // the bundler drops, saying so once per page. The marker and the module are Astro's, not ours.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use astro:head-inject')) return;
          warn(warning);
        },
      },
    },
  },
});
