// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import JsonConfigEditor from '../../../../src/islands/ui/JsonConfigEditor.tsx';
import type { MonacoJsonEditorProps } from '../../../../src/islands/ui/monaco/MonacoJsonEditor.tsx';
import { loadMonacoEditor } from '../../../../src/islands/ui/monaco/load-monaco-editor.ts';
import { minimalConfigTemplate } from '../../../../src/lib/gateway-form.ts';
import { loadConfigValidator } from '../../../../src/lib/load-config-validator.ts';

// Monaco itself never loads here: by default its import stays pending, so the textarea fallback shows.
vi.mock('../../../../src/islands/ui/monaco/load-monaco-editor.ts', () => ({ loadMonacoEditor: vi.fn() }));

// The validator is imported on demand; load it once up front so the first test does not wait for it.
beforeAll(async () => {
  await loadConfigValidator();
});

beforeEach(() => {
  vi.mocked(loadMonacoEditor).mockReturnValue(new Promise(() => {}));
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ initial, error }: { initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <JsonConfigEditor
      label="Config"
      required
      value={value}
      onChange={setValue}
      modelName="test"
      error={error}
      checkDelayMs={10}
      hint="JSON."
    />
  );
}

const valid = JSON.stringify(minimalConfigTemplate('https://api.psp.example'), null, 2);

test('a labelled textarea renders at once, with the config checked and listed in a status region', async () => {
  render(<Harness initial={valid} />);
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Config/ });
  expect(field.tagName).toBe('TEXTAREA');
  expect(field.value).toBe(valid);
  expect(field.required).toBe(true);
  const check = screen.getByRole('status', { name: 'Config check' });
  expect(field.getAttribute('aria-describedby')).toContain(check.id);
  await waitFor(() => expect(check.textContent).toBe('Config is valid.'));
  expect(document.querySelector('.json-editor')?.getAttribute('data-editor')).toBe('textarea');
});

test("each change is checked again (debounced): the validator's errors and hints in plain text", async () => {
  render(<Harness initial={valid} />);
  const field = screen.getByRole('textbox', { name: /^Config/ });
  const check = screen.getByRole('status', { name: 'Config check' });
  await waitFor(() => expect(check.textContent).toBe('Config is valid.'));
  const broken = JSON.parse(valid) as Record<string, unknown>;
  delete broken['verify'];
  delete broken['webhook'];
  (broken['init'] as { payload: Record<string, string> }).payload['amount'] = '{amout}';
  fireEvent.change(field, { target: { value: JSON.stringify(broken) } });
  await waitFor(() => expect(check.textContent).toContain('2 errors, 1 suggestion.'));
  const items = [...check.querySelectorAll('li')].map((li) => li.textContent);
  expect(items).toEqual([
    'Errorverify is required, with method and url (use {reference})./verify',
    'ErrorUnknown template token {amout} at init.payload.amount./init/payload/amount',
    'HintA webhook block is recommended, so PSP callbacks can be located and verified.',
  ]);

  fireEvent.change(field, { target: { value: '{ "baseUrl": ' } });
  await waitFor(() => expect(check.textContent).toMatch(/1 error\.ErrorInvalid config JSON: /));

  fireEvent.change(field, { target: { value: '  ' } });
  await waitFor(() => expect(check.textContent).toBe('No config yet.'));
});

test("the form's own error marks the field invalid and is announced with it", () => {
  render(<Harness initial="{" error="Please provide valid JSON in Config." />);
  const field = screen.getByRole('textbox', { name: /^Config/ });
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const error = screen.getByText('Please provide valid JSON in Config.');
  expect(field.getAttribute('aria-describedby')).toContain(error.id);
  expect(field.getAttribute('aria-describedby')).toContain(screen.getByText('JSON.').id);
});

test('Monaco is asked for only once the field is focused or pointed at, and only once', async () => {
  render(<Harness initial={valid} />);
  const field = screen.getByRole('textbox', { name: /^Config/ });
  await waitFor(() => expect(screen.getByRole('status', { name: 'Config check' }).textContent).toBe('Config is valid.'));
  expect(loadMonacoEditor).not.toHaveBeenCalled();
  fireEvent.pointerEnter(field.parentElement as HTMLElement);
  expect(loadMonacoEditor).toHaveBeenCalledTimes(1);
  fireEvent.focus(field);
  expect(loadMonacoEditor).toHaveBeenCalledTimes(1);
});

test('once Monaco has loaded it replaces the textarea and gets the value, the label and the check', async () => {
  const seen: MonacoJsonEditorProps[] = [];
  const Stub: ComponentType<MonacoJsonEditorProps> = (props) => {
    seen.push(props);
    return (
      <button type="button" aria-label={props.ariaLabel} onClick={() => props.onChange('{"changed": true}')}>
        monaco
      </button>
    );
  };
  let resolve: (component: ComponentType<MonacoJsonEditorProps>) => void = () => {};
  vi.mocked(loadMonacoEditor).mockReturnValue(new Promise((done) => (resolve = done)));
  render(<Harness initial={valid} />);
  const textarea = screen.getByRole('textbox', { name: /^Config/ });
  expect(textarea.tagName).toBe('TEXTAREA');
  act(() => textarea.focus());
  await act(async () => resolve(Stub));
  expect(document.querySelector('.json-editor')?.getAttribute('data-editor')).toBe('monaco');
  expect(screen.queryByRole('textbox')).toBeNull();
  await waitFor(() => expect(seen.at(-1)?.checked?.text).toBe(valid));
  expect(seen.at(-1)).toMatchObject({ value: valid, ariaLabel: 'Config', modelName: 'test', height: 300 });
  expect(seen.at(-1)?.checked?.report.errors).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Config' }));
  await waitFor(() => expect(seen.at(-1)?.value).toBe('{"changed": true}'));
  await waitFor(() => expect(screen.getByRole('status', { name: 'Config check' }).textContent).toContain('error'));
});

test('if Monaco cannot be loaded the textarea stays', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.mocked(loadMonacoEditor).mockRejectedValue(new Error('chunk failed'));
  render(<Harness initial={valid} />);
  fireEvent.focus(screen.getByRole('textbox', { name: /^Config/ }));
  await waitFor(() => expect(warn).toHaveBeenCalled());
  expect(screen.getByRole('textbox', { name: /^Config/ }).tagName).toBe('TEXTAREA');
  expect(document.querySelector('.json-editor')?.getAttribute('data-editor')).toBe('textarea');
});
