// Small, framework-free checks shared by the console's forms.

/** Problems with a form, keyed by field name; a field without an entry is fine. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The outcome of checking a form: the cleaned value to send, or what is wrong with it. */
export type Checked<Value, Field extends string> = { ok: true; value: Value } | { ok: false; errors: FieldErrors<Field> };

/** Whether a form's checks found nothing wrong. */
export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && message !== '');
}

/** The first field (in `order`) that has an error, to move focus there. */
export function firstErrorField<Field extends string>(errors: FieldErrors<Field>, order: readonly Field[]): Field | undefined {
  return order.find((field) => errors[field]);
}

/** Whether a trimmed value looks like an e-mail address (what `<input type="email">` accepts, roughly). */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Whether a value is an absolute http(s) URL (what the server accepts for callback and website URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A trimmed optional text: blank becomes null, so saving a cleared field clears it on the server. */
export function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
