import type { Role, User } from '../../lib/api/types.ts';
import { createUser } from '../../lib/api/users.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/constants.ts';
import { CREATE_FAILED, CREATED, EMPTY_NEW_USER, LOADING_ORGANISATIONS, checkNewUser, type NewUserForm } from '../../lib/user-forms.ts';
import SelectField, { type SelectOption } from '../ui/SelectField.tsx';
import TextField from '../ui/TextField.tsx';
import FullNameField from './FullNameField.tsx';
import FormModal from '../ui/FormModal.tsx';
import { useCheckedForm } from '../ui/useCheckedForm.ts';
import { organisationOptions, useAllOrganisations, type OrganisationChoices } from '../organisations/useAllOrganisations.ts';

const ROLE_OPTIONS: readonly SelectOption<Role>[] = [
  { value: 'orgadmin', label: 'Org Admin' },
  { value: 'superadmin', label: 'Superadmin' },
];

/** The organisation select's first option: what the list is doing, or the empty choice. */
function organisationPlaceholder(organisations: OrganisationChoices): string {
  if (organisations.state === 'loading') return LOADING_ORGANISATIONS;
  if (organisations.state === 'failed') return 'Organisations unavailable';
  return organisations.items.length > 0 ? 'Select an organisation' : 'No organisations yet';
}

export interface CreateUserModalProps {
  title: string;
  /** The superadmin form: a role choice and, for an orgadmin, the organisation select. */
  withOrganisation: boolean;
  onClose: () => void;
  onCreated: (user: User) => void;
}

/** 'Add User' / 'Create User': name, e-mail and password; the superadmin also picks role and organisation. */
export default function CreateUserModal({ title, withOrganisation, onClose, onCreated }: CreateUserModalProps) {
  const organisations = useAllOrganisations({ enabled: withOrganisation });
  const {
    values: form,
    errors,
    change,
    modal,
  } = useCheckedForm({
    initial: (): NewUserForm => EMPTY_NEW_USER,
    check: (values: NewUserForm) => checkNewUser(values, withOrganisation),
    save: createUser,
    successMessage: CREATED,
    failureMessage: CREATE_FAILED,
    onSaved: onCreated,
  });

  const needsOrganisation = withOrganisation && form.role === 'orgadmin';
  return (
    <FormModal title={title} {...modal} onClose={onClose} submitLabel={title} busyLabel="Creating...">
      <FullNameField value={form.name} error={errors.name} onChange={(value) => change('name', value)} />
      <TextField
        label="Email"
        required
        error={errors.email}
        name="email"
        type="email"
        autoComplete="off"
        value={form.email}
        onValueChange={(value) => change('email', value)}
      />
      <TextField
        label="Password"
        required
        error={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        value={form.password}
        onValueChange={(value) => change('password', value)}
      />
      {withOrganisation ? (
        <div className="form-grid">
          <SelectField label="Role" name="role" value={form.role} options={ROLE_OPTIONS} onValueChange={(role) => change('role', role)} />
          {needsOrganisation ? (
            <SelectField
              label="Organisation"
              required
              error={errors.orgId}
              name="orgId"
              disabled={organisations.state !== 'loaded'}
              aria-busy={organisations.state === 'loading' || undefined}
              value={form.orgId}
              placeholder={organisationPlaceholder(organisations)}
              options={organisations.state === 'loaded' ? organisationOptions(organisations.items) : []}
              onValueChange={(value) => change('orgId', value)}
            />
          ) : (
            <p className="form-intro">A superadmin works across the whole platform and belongs to no organisation.</p>
          )}
        </div>
      ) : null}
    </FormModal>
  );
}
