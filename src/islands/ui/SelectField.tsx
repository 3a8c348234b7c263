import type { SelectHTMLAttributes } from 'react';
import FormField, { type FormFieldProps } from './FormField.tsx';

type SelectAttributes = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'required' | 'className' | 'aria-invalid' | 'aria-describedby' | 'children'
>;

/** One choice of a select: the value sent, the text shown. */
export interface SelectOption<Value extends string = string> {
  value: Value;
  label: string;
}

export interface SelectFieldProps<Value extends string> extends SelectAttributes, Pick<FormFieldProps, 'label' | 'error' | 'hint'> {
  value: Value | '';
  options: readonly SelectOption<Value>[];
  /** Called with one of the options' values (or '' for the placeholder). */
  onValueChange: (value: Value) => void;
  /** A first option valued '': the empty choice, or what the list is doing (loading, empty). */
  placeholder?: string | undefined;
  /** Marks the label and makes the select itself required. */
  required?: boolean;
  /** Class of the wrapping field (e.g. `field--wide`). */
  fieldClassName?: string;
}

/** A labelled select with its hint and error: the FormField + select + options most forms repeat. */
export default function SelectField<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  placeholder,
  error,
  hint,
  required = false,
  fieldClassName,
  ...select
}: SelectFieldProps<Value>) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <select
          {...control}
          {...select}
          className="select"
          required={required || undefined}
          value={value}
          // The options are the only values a select can take.
          onChange={(event) => onValueChange(event.target.value as Value)}
        >
          <SelectOptions placeholder={placeholder} options={options} />
        </select>
      )}
    </FormField>
  );
}

/** A select's options, after the placeholder (valued '') when there is one. */
export function SelectOptions({ placeholder, options }: { placeholder?: string | undefined; options: readonly SelectOption[] }) {
  return (
    <>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
