/** The form control named `name` inside `form`, typed as an input. */
export function field(form: HTMLFormElement, name: string): HTMLInputElement {
  const element = form.elements.namedItem(name);
  if (!(element instanceof HTMLInputElement)) throw new Error(`The form has no input named "${name}".`);
  return element;
}

/** Disables the form's submit button while a request runs, so a double click sends once. */
export function setBusy(form: HTMLFormElement, busy: boolean): void {
  form.setAttribute('aria-busy', String(busy));
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
    button.disabled = busy;
  }
}
