import type { ReactNode } from 'react';
import { useCheckedForm, type CheckedFormOptions } from '../ui/useCheckedForm.ts';
import TextField from '../ui/TextField.tsx';
import FormModal from '../ui/FormModal.tsx';

/** What every reference form holds: a name, a code, and the fields a kind adds. */
export type ReferenceValues<Field extends string> = Record<Field, unknown> & { name: string; code: string };

/** The state of the form, for the fields a kind adds beside the name and the code. */
export type ReferenceForm<Values extends ReferenceValues<Field>, Field extends string> = {
  values: Values;
  errors: Partial<Record<Field, string | undefined>>;
  change: (field: Field, value: Values[Field]) => void;
};

export interface ReferenceFormModalProps<Values extends ReferenceValues<Field>, Field extends string, Payload, Saved> {
  /** 'Country' or 'Currency': the title, the submit label and the toasts say it. */
  noun: string;
  editing: boolean;
  form: Pick<CheckedFormOptions<Values, Field, Payload, Saved>, 'initial' | 'check' | 'save' | 'onSaved'>;
  namePlaceholder: string;
  code: { length: number; hint: string; placeholder: string; normalise: (raw: string) => string };
  onClose: () => void;
  /** Where the code field stands, with what a kind adds beside it (the currency's base unit); alone by default. */
  layout?: (codeField: ReactNode, form: ReferenceForm<Values, Field>) => ReactNode;
}

/** Create/Edit of a reference record (countries, currencies): a name and an ISO code, both required, and a kind's extras. */
export default function ReferenceFormModal<Values extends ReferenceValues<Field>, Field extends string, Payload, Saved>({
  noun,
  editing,
  form,
  namePlaceholder,
  code,
  onClose,
  layout = (codeField) => codeField,
}: ReferenceFormModalProps<Values, Field, Payload, Saved>) {
  const lowerNoun = noun.toLowerCase();
  const { values, errors, change, modal } = useCheckedForm<Values, Field, Payload, Saved>({
    ...form,
    successMessage: editing ? `${noun} updated successfully!` : `${noun} created successfully!`,
    failureMessage: editing ? `Failed to update ${lowerNoun}.` : `Failed to create ${lowerNoun}.`,
  });
  const setField = (field: 'name' | 'code', value: string) => change(field as Field, value as Values[Field]);

  const codeField = (
    <TextField
      label="Code"
      required
      error={errors['code' as Field]}
      hint={code.hint}
      inputClassName="input input--code"
      type="text"
      maxLength={code.length}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder={code.placeholder}
      value={values.code}
      onValueChange={(value) => setField('code', code.normalise(value))}
    />
  );

  return (
    <FormModal
      title={editing ? `Edit ${noun}` : `Create ${noun}`}
      {...modal}
      submitLabel={editing ? 'Save Changes' : `Create ${noun}`}
      onClose={onClose}
    >
      <TextField
        label="Name"
        required
        error={errors['name' as Field]}
        type="text"
        maxLength={100}
        autoComplete="off"
        placeholder={namePlaceholder}
        value={values.name}
        onValueChange={(value) => setField('name', value)}
      />
      {layout(codeField, { values, errors, change })}
    </FormModal>
  );
}
