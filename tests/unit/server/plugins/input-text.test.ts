import { describe, expect, it } from 'vitest';
import { inputTextProblem, MAX_INPUT_DEPTH } from '../../../../server/plugins/input-text.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('inputTextProblem', () => {
  it('names the first string holding U+0000, however deep', () => {
    expect(inputTextProblem({ name: 'Ama', metadata: { lines: ['ok', 'bad\u0000'] } }, 'body')).toBe(
      'body.metadata.lines[1] must not contain the NUL character (U+0000)',
    );
    expect(inputTextProblem('x\u0000', 'params.id')).toBe('params.id must not contain the NUL character (U+0000)');
  });

  it('refuses a lone UTF-16 surrogate in a value or a field name, and accepts a whole pair', () => {
    expect(inputTextProblem({ name: 'A\uD800' }, 'body')).toBe(
      'body.name must be well-formed Unicode text, without a lone UTF-16 surrogate',
    );
    expect(inputTextProblem({ tags: ['\uDC00x'] }, 'body')).toMatch(/^body\.tags\[0\] must be well-formed/);
    expect(inputTextProblem({ metadata: { '\uDBFF': 1 } }, 'body')).toBe(
      'body.metadata field names must be well-formed Unicode text, without a lone UTF-16 surrogate',
    );
    expect(inputTextProblem({ name: 'Ama 🙂' }, 'body')).toBeUndefined();
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels without exhausting the stack`, () => {
    expect(inputTextProblem(nested(MAX_INPUT_DEPTH), 'body')).toBeUndefined();
    expect(inputTextProblem(nested(MAX_INPUT_DEPTH + 1), 'body')).toBe(`body is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
    expect(inputTextProblem(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`), 'body')).toMatch(/nested too deeply/);
  });

  it('passes text without them, numbers, nulls and other control characters', () => {
    expect(inputTextProblem({ name: 'Ama\tMensah\n', amount: 12.5, phone: null, ok: true, list: [] }, 'body')).toBeUndefined();
    expect(inputTextProblem(undefined, 'body')).toBeUndefined();
    // The escaped text "\u0000" (a backslash and five characters) is ordinary text.
    expect(inputTextProblem({ note: '\\u0000' }, 'body')).toBeUndefined();
  });
});
