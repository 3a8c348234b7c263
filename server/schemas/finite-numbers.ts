/**
 * Where `data` holds a number that is not finite (its JSON-pointer path), or undefined. Ajv's type coercion turns text
 * such as "1e309" or "Infinity" into a number and then skips its minimum and maximum checks for it; JSON itself has no
 * such numbers, so one found after validation came from coercion.
 */
export function nonFiniteNumberPath(data: unknown): string | undefined {
  const pending: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    if (typeof entry.value === 'number' && !Number.isFinite(entry.value)) return entry.path;
    if (typeof entry.value !== 'object' || entry.value === null) continue;
    for (const [key, item] of Object.entries(entry.value)) pending.push({ value: item, path: `${entry.path}/${key}` });
  }
  return undefined;
}
