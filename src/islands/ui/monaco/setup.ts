// The bundled Monaco editor (docs/decisions.md#stack): never from a CDN. Only MonacoJsonEditor.tsx imports this, and
// only through a dynamic import(), so Monaco stays out of every page's initial JavaScript (docs/decisions.md#performance-budgets).
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor';
// All editor features: the JSON language support instantiates most contributions anyway, and a partial
// set leaves some without the services they depend on.
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// Vite bundles each worker into its own same-origin file (the CSP allows worker-src 'self').
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
// Astro drops the CSS that Monaco's modules import when they sit in a lazily loaded chunk, so the
// editor's prebuilt stylesheet (same version, fonts inlined) is linked here instead. The package's
// "exports" map does not expose it, hence the path.
import editorStylesUrl from '../../../../node_modules/monaco-editor/min/vs/editor/editor.main.css?url';
import { GatewayConfigSchema } from '../../../../isomorphic/gateway-config/index.ts';

/** Models whose name ends like this get the gateway config schema (completion and hover docs). */
export const CONFIG_MODEL_SUFFIX = '.gateway-config.json';
export const THEME = 'payrail-dark';
export const LIGHT_THEME = 'payrail-light';
/** Owner of the markers the shared validator's issues become. */
export const MARKER_OWNER = 'payrail-config';

/** Resolves once Monaco's stylesheet is in (or failed: the editor then still works, unstyled). */
export const stylesReady: Promise<void> = new Promise((resolve) => {
  if (document.querySelector('link[data-monaco-styles]')) return resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = editorStylesUrl;
  link.dataset['monacoStyles'] = '';
  link.addEventListener('load', () => resolve());
  link.addEventListener('error', () => resolve());
  document.head.append(link);
});

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// @monaco-editor/react would otherwise fetch Monaco from a CDN.
loader.config({ monaco });

// The schema drives completion and hover only: the shared validator checks it (with the rules and the
// server's own wording) and its issues become markers, so the JSON worker's own checks stay off rather
// than doubling every message.
jsonDefaults.setDiagnosticsOptions({
  validate: false,
  allowComments: false,
  enableSchemaRequest: false,
  schemas: [
    {
      uri: 'https://payrail.local/schemas/gateway-config.json',
      fileMatch: [`*${CONFIG_MODEL_SUFFIX}`],
      schema: JSON.parse(JSON.stringify(GatewayConfigSchema)) as object,
    },
  ],
});

// The console's dark palette (global.css custom properties); line numbers kept at 4.5:1 contrast.
monaco.editor.defineTheme(THEME, {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '9cb4ff' },
    { token: 'string.value.json', foreground: '8fd6a8' },
    { token: 'number', foreground: 'f2c27b' },
    { token: 'keyword.json', foreground: 'c4a7ff' },
  ],
  colors: {
    'editor.background': '#0e121c',
    'editor.foreground': '#e8ebf3',
    'editorLineNumber.foreground': '#848da3',
    'editorLineNumber.activeForeground': '#e8ebf3',
    'editor.lineHighlightBackground': '#131826',
    'editor.lineHighlightBorder': '#00000000',
    'editor.selectionBackground': '#6f6bff55',
    'editorCursor.foreground': '#8683ff',
    'editorGutter.background': '#0e121c',
    'editorError.foreground': '#f0585e',
    'editorWarning.foreground': '#f2a93b',
    'editorWidget.background': '#131826',
    'editorWidget.border': '#313b52',
    'editorHoverWidget.background': '#131826',
    'editorHoverWidget.border': '#313b52',
    'editorSuggestWidget.background': '#131826',
    'editorSuggestWidget.border': '#313b52',
    'editorSuggestWidget.selectedBackground': '#1e2639',
    'scrollbarSlider.background': '#313b5288',
    'scrollbarSlider.hoverBackground': '#3d4862aa',
    focusBorder: '#6f6bff',
  },
});

// The console's light palette, with the same contrast rules.
monaco.editor.defineTheme(LIGHT_THEME, {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'string.key.json', foreground: '3d38c4' },
    { token: 'string.value.json', foreground: '12703f' },
    { token: 'number', foreground: '8a4f00' },
    { token: 'keyword.json', foreground: '7a2db8' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editor.foreground': '#141a2b',
    'editorLineNumber.foreground': '#5b647a',
    'editorLineNumber.activeForeground': '#141a2b',
    'editor.lineHighlightBackground': '#f3f5fa',
    'editor.lineHighlightBorder': '#00000000',
    'editor.selectionBackground': '#4f4ae033',
    'editorCursor.foreground': '#3d38c4',
    'editorGutter.background': '#ffffff',
    'editorError.foreground': '#b8262d',
    'editorWarning.foreground': '#8a4f00',
    'editorWidget.background': '#ffffff',
    'editorWidget.border': '#c3cad8',
    'editorHoverWidget.background': '#ffffff',
    'editorHoverWidget.border': '#c3cad8',
    'editorSuggestWidget.background': '#ffffff',
    'editorSuggestWidget.border': '#c3cad8',
    'editorSuggestWidget.selectedBackground': '#e5e9f2',
    focusBorder: '#4f4ae0',
  },
});

export { monaco };
