/** Reads a value by dot-path (`data.items.0.id`) from parsed JSON; undefined when absent. */
export function byDotPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The first capture group of a regular expression in text; undefined when it does not match. */
export function byRegex(text: string, pattern: string): string | undefined {
  try {
    return new RegExp(pattern, 's').exec(text)?.[1];
  } catch {
    return undefined;
  }
}

/** A scalar as text (objects and arrays are not a locator's answer). */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export interface ParsedBody {
  text: string;
  json: unknown;
  isJson: boolean;
}

/** Parses a body once: JSON when it is JSON, text otherwise. */
export function parseBody(text: string): ParsedBody {
  try {
    return { text, json: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { text, json: undefined, isJson: false };
  }
}

/** Reads one located value: by dot-path from JSON, or by regex capture group (XML, text, or regex mode). */
export function locate(body: ParsedBody, locator: string | undefined, regexMode: boolean): string | undefined {
  if (!locator) return undefined;
  return regexMode ? byRegex(body.text, locator) : scalarText(byDotPath(body.json, locator));
}

/** Maps a provider status to success / failed / pending, case-insensitively. */
export function mapStatus(
  status: string | undefined,
  successStatuses: string[] | undefined,
  failedStatuses: string[] | undefined,
): 'success' | 'failed' | 'pending' {
  if (status === undefined) return 'pending';
  const value = status.trim().toLowerCase();
  const success = (successStatuses && successStatuses.length > 0 ? successStatuses : ['success', 'paid', 'completed']).map((s) =>
    s.toLowerCase(),
  );
  if (success.includes(value)) return 'success';
  const failed = (failedStatuses ?? ['failed']).map((s) => s.toLowerCase());
  return failed.includes(value) ? 'failed' : 'pending';
}
