import { Editor } from '@monaco-editor/react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { configDiagnostics } from '../../../lib/config-diagnostics.ts';
import type { ConfigReport } from '../../../../isomorphic/gateway-config/index.ts';
import { $theme } from '../../../lib/stores/theme.ts';
import { CONFIG_MODEL_SUFFIX, LIGHT_THEME, MARKER_OWNER, THEME, monaco } from './setup.ts';

export { stylesReady } from './setup.ts';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;

/** The validator's verdict and the exact text it was given. */
export interface CheckedText {
  text: string;
  report: Pick<ConfigReport, 'errors' | 'hints'>;
}

export interface MonacoJsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the editor's text area (the field's label). */
  ariaLabel: string;
  /** Unique on the page; names the model, which gets the gateway config schema. */
  modelName: string;
  checked: CheckedText | null;
  height: number;
  readOnly?: boolean;
  /** Receives a function that focuses the editor (for the field's label). */
  onReady?: (focus: () => void) => void;
}

const severityOf = (severity: 'error' | 'warning') => (severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning);

/** Monaco for a JSON config: the schema's completion and hovers, the validator's issues as markers. Lazy-loaded. */
export default function MonacoJsonEditor({
  value,
  onChange,
  ariaLabel,
  modelName,
  checked,
  height,
  readOnly = false,
  onReady,
}: MonacoJsonEditorProps) {
  const editorRef = useRef<CodeEditor | null>(null);
  const theme = useStore($theme);
  const [mounted, setMounted] = useState(false);
  const [markerCount, setMarkerCount] = useState({ errors: 0, warnings: 0 });

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!mounted || !model || !checked || model.getValue() !== checked.text) return;
    const diagnostics = configDiagnostics(checked.text, checked.report);
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      diagnostics.map((diagnostic) => ({
        ...diagnostic.range,
        severity: severityOf(diagnostic.severity),
        message: diagnostic.message,
        source: 'Payrail config check',
      })),
    );
    setMarkerCount({
      errors: diagnostics.filter((d) => d.severity === 'error').length,
      warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    });
  }, [checked, mounted]);

  return (
    <div className="json-editor__monaco" data-error-markers={markerCount.errors} data-warning-markers={markerCount.warnings}>
      <Editor
        height={height}
        language="json"
        theme={theme === 'light' ? LIGHT_THEME : THEME}
        path={`${modelName}${CONFIG_MODEL_SUFFIX}`}
        value={value}
        loading={null}
        onChange={(next) => onChange(next ?? '')}
        onMount={(editor) => {
          editorRef.current = editor;
          setMounted(true);
          onReady?.(() => editor.focus());
        }}
        options={{
          ariaLabel,
          readOnly,
          automaticLayout: true,
          contextmenu: false, // its menu would open outside a modal <dialog>, behind it
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
          fontSize: 13,
          lineHeight: 20,
          minimap: { enabled: false },
          padding: { top: 10, bottom: 10 },
          renderLineHighlight: 'line',
          scrollBeyondLastLine: false,
          stickyScroll: { enabled: false },
          tabSize: 2,
          insertSpaces: true,
          formatOnPaste: true,
          fixedOverflowWidgets: false,
          overviewRulerBorder: false,
          hideCursorInOverviewRuler: true,
          scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10, alwaysConsumeMouseWheel: false },
        }}
      />
    </div>
  );
}
