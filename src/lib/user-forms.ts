// Rules and texts of the Users screens (docs/console.md#screens Users, #validation, #messages), free of React so they are unit-tested alone.
import type { Role, User } from './api/types.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { hasErrors, isEmailAddress, type Checked, type FieldErrors } from './field-rules.ts';

// Texts the spec quotes, verbatim.
export const USERS_LOAD_FAILED = 'Could not load users.';
export const ORGANISATIONS_LOAD_FAILED = 'Failed to load organisations';
export const LOADING_ORGANISATIONS = 'Loading organisations...';
export const CREATE_FAILED = 'Failed to create user.';
export const UPDATE_FAILED = 'Failed to update user.';
export const DELETE_FAILED = 'Failed to delete user.';
export const AVATAR_UPLOAD_FAILED = 'Avatar upload failed.';
export const CREATED = 'User created successfully!';
export const UPDATED = 'User updated successfully!';
export const DELETED = 'User deleted successfully.';
export const DETAILS_AND_PASSWORD_UPDATED = 'User details and password updated successfully!';
export const DETAILS_UPDATED = 'User details updated successfully!';
export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 8 characters long.';
export const NO_ORGANISATION_USERS = 'No users found in your organisation.';
export const NO_SYSTEM_USERS = 'No users found in the system.';
export const NO_ORGANISATION_LABEL = 'N/A (Superadmin)';

// Texts of our own for rules the spec states without wording.
export const NAME_REQUIRED = 'Name is required.';
export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email address.';
export const PASSWORD_REQUIRED = 'Password is required.';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const ORGANISATION_REQUIRED = 'Choose the organisation of the new user.';

/** File types accepted for avatars and logos (docs/console.md#validation, #constants), as the file input's `accept`. */
export const ACCEPTED_IMAGE_TYPES = 'image/png,image/jpeg,image/gif';

/** What the create form holds; `orgId` is the select's value ('' when none is chosen). */
export interface NewUserForm {
  name: string;
  email: string;
  password: string;
  role: Role;
  orgId: string;
}

export const EMPTY_NEW_USER: NewUserForm = { name: '', email: '', password: '', role: 'orgadmin', orgId: '' };

export interface NewUserPayload {
  name: string;
  email: string;
  password: string;
  role: Role;
  orgId?: number;
}

/** A form problem: the field to mark (and focus) and what to say. */
export interface FormProblem<Field extends string = string> {
  field: Field;
  message: string;
}

/**
 * Checks a create form, flagging every field that is wrong at once; when all is well, the POST /users body:
 * trimmed, role orgadmin unless chosen, orgId (integer) only from the superadmin form (`withOrganisation`),
 * where an orgadmin needs an organisation.
 */
export function checkNewUser(form: NewUserForm, withOrganisation: boolean): Checked<NewUserPayload, keyof NewUserForm> {
  const errors: FieldErrors<keyof NewUserForm> = {};
  const name = form.name.trim();
  const email = form.email.trim();
  const orgId = organisationId(form.orgId);
  const needsOrganisation = withOrganisation && form.role === 'orgadmin';
  if (name === '') errors.name = NAME_REQUIRED;
  if (email === '') errors.email = EMAIL_REQUIRED;
  else if (!isEmailAddress(email)) errors.email = EMAIL_INVALID;
  if (form.password === '') errors.password = PASSWORD_REQUIRED;
  else if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = PASSWORD_TOO_SHORT;
  if (needsOrganisation && orgId === undefined) errors.orgId = ORGANISATION_REQUIRED;
  if (hasErrors(errors)) return { ok: false, errors };
  const payload: NewUserPayload = { name, email, password: form.password, role: form.role };
  if (needsOrganisation && orgId !== undefined) payload.orgId = orgId;
  return { ok: true, value: payload };
}

function organisationId(value: string): number | undefined {
  const id = Number(value);
  return value !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** What the edit form holds besides the avatar file: the name and an optional new password. */
export interface EditUserForm {
  name: string;
  newPassword: string;
}

/** The first problem of an edit form, or null: name required; a new password, when given, at least 8 long. */
export function editUserError(form: EditUserForm): FormProblem<keyof EditUserForm> | null {
  if (form.name.trim() === '') return { field: 'name', message: NAME_REQUIRED };
  if (form.newPassword !== '' && form.newPassword.length < MIN_PASSWORD_LENGTH) {
    return { field: 'newPassword', message: NEW_PASSWORD_TOO_SHORT };
  }
  return null;
}

/** Whether the edit form asks for a password reset (blank keeps the current password). */
export function wantsPasswordReset(form: EditUserForm): boolean {
  return form.newPassword !== '';
}

/**
 * Success toast after an edit: naming the password when it was reset too; otherwise the superadmin
 * screen says 'User details updated successfully!' and the organisation screen 'User updated successfully!'.
 */
export function editSuccessMessage(passwordReset: boolean, superadminScreen: boolean): string {
  if (passwordReset) return DETAILS_AND_PASSWORD_UPDATED;
  return superadminScreen ? DETAILS_UPDATED : UPDATED;
}

/** How a user is named in tables and questions: the name, else the e-mail. */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name.trim() || user.email;
}

/** The delete question; the superadmin screen adds that it cannot be undone (docs/console.md#validation). */
export function deleteUserQuestion(user: Pick<User, 'name' | 'email'>, superadminScreen: boolean): string {
  const question = `Are you sure you want to delete the user ${displayName(user)}?`;
  return superadminScreen ? `${question} This action cannot be undone.` : question;
}

/** The Organisation column of All System Users: its name, or 'N/A (Superadmin)' when there is none. */
export function organisationLabel(user: Pick<User, 'organisation'>): string {
  return user.organisation?.name ?? NO_ORGANISATION_LABEL;
}

/** Whether a chosen file is one of the accepted image types (the server checks the content too). */
export function isAcceptedImage(file: Pick<File, 'type'>): boolean {
  return ACCEPTED_IMAGE_TYPES.split(',').includes(file.type);
}
