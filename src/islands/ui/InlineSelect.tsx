import { useId, type SelectHTMLAttributes } from 'react';
import { SelectOptions, type SelectOption } from './SelectField.tsx';

type SelectAttributes = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>;

export interface InlineSelectProps<Value extends string> extends SelectAttributes {
  label: string;
  value: Value | '';
  options: readonly SelectOption<Value>[];
  /** Called with one of the options' values (or '' for the placeholder). */
  onValueChange: (value: Value) => void;
  /** A first option valued '': the empty choice, or what the list is doing (loading, unavailable). */
  placeholder?: string | undefined;
}

/** A select with its label on one line, for a toolbar or a screen header (the organisation pickers). */
export default function InlineSelect<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  placeholder,
  ...select
}: InlineSelectProps<Value>) {
  const id = useId();
  return (
    <div className="inline-picker">
      <label htmlFor={id}>{label}</label>
      {/* The options are the only values a select can take. */}
      <select {...select} id={id} className="select" value={value} onChange={(event) => onValueChange(event.target.value as Value)}>
        <SelectOptions placeholder={placeholder} options={options} />
      </select>
    </div>
  );
}
