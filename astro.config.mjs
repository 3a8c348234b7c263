// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';

export default defineConfig({
  output: 'static',
  integrations: [react(), mdx()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
  // Integration Docs code blocks (shiki at build time): a dark theme whose comments keep 4.5:1 contrast.
  markdown: { shikiConfig: { theme: 'github-dark-default' } },
  vite: {
    server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  },
});
