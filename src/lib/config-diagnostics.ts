// Where in a config's JSON text the validator's issues are (JSON pointers → line/column ranges), so an
// editor can underline them. Free of any editor: the Monaco module turns these into markers.
import { findNodeAtLocation, parse, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigReport } from '../../isomorphic/gateway-config/index.ts';

/** A range of text, 1-based, end exclusive (the shape of Monaco's IRange). */
export interface TextRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

export interface ConfigDiagnostic {
  /** Validator errors are errors; its hints are warnings. */
  severity: 'error' | 'warning';
  message: string;
  /** The JSON pointer the validator named ('' for the whole config). */
  path: string;
  range: TextRange;
}

/** The reference tokens of a JSON pointer (RFC 6901): '/init/payload/amount' → ['init', 'payload', 'amount']. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
  if (!body.startsWith('/')) return [body];
  return body
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** 1-based line and column of an offset in a text. */
export function positionAt(text: string, offset: number): { lineNumber: number; column: number } {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let lineNumber = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < clamped; index = text.indexOf('\n', index + 1)) {
    lineNumber++;
    lineStart = index + 1;
  }
  return { lineNumber, column: clamped - lineStart + 1 };
}

/** The range between two offsets. */
export function rangeBetween(text: string, start: number, end: number): TextRange {
  const from = positionAt(text, start);
  const to = positionAt(text, Math.max(start, end));
  return { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column };
}

/** The first line's text (at least one character wide), where whole-config issues are shown. */
export function firstLineRange(text: string): TextRange {
  const newline = text.indexOf('\n');
  const length = newline === -1 ? text.length : newline;
  return { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: Math.max(2, length + 1) };
}

/** The node a pointer names, or the nearest ancestor that exists, with how many tokens were found. */
function deepestNode(root: Node, tokens: readonly string[]): { node: Node; found: number } {
  let node = root;
  let found = 0;
  for (const token of tokens) {
    const segment = node.type === 'array' ? Number(token) : token;
    if (typeof segment === 'number' && !Number.isInteger(segment)) break;
    const child = findNodeAtLocation(node, [segment]);
    if (!child) break;
    node = child;
    found++;
  }
  return { node, found };
}

/** The offsets to underline for a value node: `"key": value` for a scalar, just `"key"` for an object or array. */
function nodeSpan(node: Node): { start: number; end: number } {
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  const key = property?.children?.[0];
  if (!key) return { start: node.offset, end: node.offset + node.length };
  if (node.type === 'object' || node.type === 'array') return { start: key.offset, end: key.offset + key.length };
  return { start: key.offset, end: node.offset + node.length };
}

/**
 * Where a JSON pointer is in the text. A pointer to a missing member falls back to its nearest
 * existing parent's key ('/verify/url' missing → `"verify"`); the whole config, or text that cannot
 * be parsed into a tree, falls back to the first line.
 */
export function rangeOfPointer(text: string, pointer: string): TextRange {
  const root = parseTree(text);
  if (!root) return firstLineRange(text);
  const { node, found } = deepestNode(root, parseJsonPointer(pointer));
  if (found === 0 || node === root) return firstLineRange(text);
  const { start, end } = nodeSpan(node);
  return rangeBetween(text, start, end);
}

/** The first JSON syntax error of a text, if any (comments and trailing commas count as errors). */
export function firstSyntaxError(text: string): ParseError | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  return errors[0];
}

/** The validator's errors and hints for a text, each placed on the text it is about. */
export function configDiagnostics(text: string, report: Pick<ConfigReport, 'errors' | 'hints'>): ConfigDiagnostic[] {
  const syntax = firstSyntaxError(text);
  const place = (path: string, message: string): TextRange => {
    if (syntax && path === '' && /^Invalid config JSON/.test(message)) {
      return rangeBetween(text, syntax.offset, syntax.offset + Math.max(1, syntax.length));
    }
    return rangeOfPointer(text, path);
  };
  return [
    ...report.errors.map((issue) => ({
      severity: 'error' as const,
      message: issue.message,
      path: issue.path,
      range: place(issue.path, issue.message),
    })),
    ...report.hints.map((issue) => ({
      severity: 'warning' as const,
      message: issue.message,
      path: issue.path,
      range: place(issue.path, issue.message),
    })),
  ];
}
