import { useEffect, useId, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ConfigIssue, ConfigReport } from '../../../isomorphic/gateway-config/index.ts';
import { loadConfigValidator, type ConfigTextValidator } from '../../lib/load-config-validator.ts';
import { FieldMessages, RequiredMark } from './FormField.tsx';
import { loadMonacoEditor } from './monaco/load-monaco-editor.ts';
import type { CheckedText, MonacoJsonEditorProps } from './monaco/MonacoJsonEditor.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

export interface JsonConfigEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Unique on the page (e.g. 'gateway-12'): names the editor's model. */
  modelName: string;
  required?: boolean;
  /** The form's own verdict (e.g. 'Please provide valid JSON in Config.'). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Height of the editing area in pixels. */
  height?: number;
  readOnly?: boolean;
  /** Quiet time before the config is checked again after a change. */
  checkDelayMs?: number;
}

type Tone = 'neutral' | 'ok' | 'warning' | 'error';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function summaryOf(text: string, errors: readonly ConfigIssue[], hints: readonly ConfigIssue[]): { text: string; tone: Tone } {
  if (text.trim() === '') return { text: 'No config yet.', tone: 'neutral' };
  if (errors.length > 0) {
    return { text: `${plural(errors.length, 'error')}${hints.length ? `, ${plural(hints.length, 'suggestion')}` : ''}.`, tone: 'error' };
  }
  if (hints.length > 0) return { text: `Config is valid, with ${plural(hints.length, 'suggestion')}.`, tone: 'warning' };
  return { text: 'Config is valid.', tone: 'ok' };
}

function IssueItem({ issue, kind }: { issue: ConfigIssue; kind: 'error' | 'hint' }) {
  return (
    <li className={`config-check__item config-check__item--${kind}`}>
      <span className="config-check__kind">{kind === 'error' ? 'Error' : 'Hint'}</span>
      <span className="config-check__message">{issue.message}</span>
      {issue.path ? <code className="config-check__path">{issue.path}</code> : null}
    </li>
  );
}

/**
 * A JSON config field: a plain labelled textarea at once, upgraded to the bundled Monaco editor (774 KiB compressed)
 * once someone means to edit: the first focus of the field or the pointer over it starts the load, so a page that
 * only shows the field never pays for Monaco (docs/web-performance.md). The shared validator checks every change (debounced); its errors and hints are
 * listed under the editor in plain text, and Monaco also shows them as markers in the text.
 */
export default function JsonConfigEditor({
  label,
  value,
  onChange,
  modelName,
  required = false,
  error,
  hint,
  height = 300,
  readOnly = false,
  checkDelayMs = 300,
}: JsonConfigEditorProps) {
  const id = useId();
  const fieldId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const checkId = `${id}-check`;
  const [Monaco, setMonaco] = useState<ComponentType<MonacoJsonEditorProps> | null>(null);
  const [validate, setValidate] = useState<ConfigTextValidator | null>(null);
  const [editorWanted, setEditorWanted] = useState(false);
  const focusEditor = useRef<(() => void) | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // Set when Monaco replaces a focused textarea, so the caret moves into the editor instead of being lost.
  const focusWhenReady = useRef(false);
  const settled = useDebouncedValue(value, checkDelayMs);
  const wantEditor = () => setEditorWanted(true);

  useEffect(() => {
    if (!editorWanted) return;
    let active = true;
    loadMonacoEditor()
      .then((component) => {
        if (!active) return;
        focusWhenReady.current = textarea.current !== null && document.activeElement === textarea.current;
        setMonaco(() => component);
      })
      .catch((failure: unknown) => console.warn('The code editor could not be loaded; using a plain text area.', failure));
    return () => {
      active = false;
    };
  }, [editorWanted]);

  useEffect(() => {
    let active = true;
    loadConfigValidator()
      .then((validator) => {
        if (active) setValidate(() => validator);
      })
      .catch((failure: unknown) => console.warn('The config validator could not be loaded.', failure));
    return () => {
      active = false;
    };
  }, []);

  // A blank config is not checked: the form says what it needs, and the list stays quiet until there is text.
  const checked = useMemo<(CheckedText & { report: ConfigReport }) | null>(() => {
    if (!validate) return null;
    return { text: settled, report: settled.trim() === '' ? { valid: false, errors: [], hints: [] } : validate(settled) };
  }, [validate, settled]);

  const describedBy = [hint ? hintId : '', error ? errorId : '', checkId].filter(Boolean).join(' ');
  const summary = checked ? summaryOf(checked.text, checked.report.errors, checked.report.hints) : null;

  return (
    <div className="field json-editor" data-editor={Monaco ? 'monaco' : 'textarea'}>
      {Monaco ? (
        // Monaco's own text area is named by ariaLabel; this label moves focus into the editor.
        <span className="field__label json-editor__label" onClick={() => focusEditor.current?.()}>
          {label}
          <RequiredMark required={required} />
        </span>
      ) : (
        <label htmlFor={fieldId} className="json-editor__label">
          {label}
          <RequiredMark required={required} />
        </label>
      )}
      <div className={error ? 'json-editor__frame is-invalid' : 'json-editor__frame'} onPointerEnter={wantEditor}>
        {Monaco ? (
          <Monaco
            value={value}
            onChange={onChange}
            ariaLabel={label}
            modelName={modelName}
            checked={checked}
            height={height}
            readOnly={readOnly}
            onReady={(focus) => {
              focusEditor.current = focus;
              if (focusWhenReady.current) focus();
              focusWhenReady.current = false;
            }}
          />
        ) : (
          <textarea
            ref={textarea}
            id={fieldId}
            className="json-editor__textarea"
            style={{ height }}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            required={required}
            readOnly={readOnly}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onFocus={wantEditor}
          />
        )}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
      <div id={checkId} className="config-check" role="status" aria-label={`${label} check`}>
        {summary && checked ? (
          <>
            <p className={`config-check__summary config-check__summary--${summary.tone}`}>{summary.text}</p>
            {checked.report.errors.length + checked.report.hints.length > 0 ? (
              <ul className="config-check__list">
                {checked.report.errors.map((issue, index) => (
                  <IssueItem key={`e${index}`} issue={issue} kind="error" />
                ))}
                {checked.report.hints.map((issue, index) => (
                  <IssueItem key={`h${index}`} issue={issue} kind="hint" />
                ))}
              </ul>
            ) : null}
          </>
        ) : (
          <p className="config-check__summary">Checking config...</p>
        )}
      </div>
    </div>
  );
}
