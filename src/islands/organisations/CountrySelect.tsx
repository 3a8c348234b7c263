import type { Country } from '../../lib/api/types.ts';
import type { FieldControlProps } from '../ui/FormField.tsx';
import { SelectOptions } from '../ui/SelectField.tsx';

export interface CountrySelectProps {
  control: FieldControlProps;
  /** Enabled countries; null while loading. */
  countries: Country[] | null;
  /** Selected country code ('' for none). */
  value: string;
  onChange: (code: string) => void;
  /** The organisation's current country, offered even when it is no longer enabled. */
  current?: { code: string; name: string } | undefined;
}

/** A select of the enabled countries, by code, showing 'Name (CODE)'. */
export default function CountrySelect({ control, countries, value, onChange, current }: CountrySelectProps) {
  const options = countries ?? [];
  const extra = current && current.code !== '' && !options.some((country) => country.code === current.code) ? current : undefined;
  return (
    <select
      {...control}
      className="select"
      required
      value={value}
      disabled={countries === null}
      onChange={(event) => onChange(event.target.value)}
    >
      <SelectOptions
        placeholder={countries === null ? 'Loading countries...' : 'Select a country'}
        options={[
          ...(extra ? [{ value: extra.code, label: `${extra.name} (${extra.code}, disabled)` }] : []),
          ...options.map((country) => ({ value: country.code, label: `${country.name} (${country.code})` })),
        ]}
      />
    </select>
  );
}
