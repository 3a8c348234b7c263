import { expect, test } from 'vitest';
import type { User } from '../../../src/lib/api/types.ts';
import {
  ACCEPTED_IMAGE_TYPES,
  EMPTY_NEW_USER,
  deleteUserQuestion,
  displayName,
  editSuccessMessage,
  editUserError,
  isAcceptedImage,
  checkNewUser,
  organisationLabel,
  wantsPasswordReset,
  type NewUserForm,
} from '../../../src/lib/user-forms.ts';

const valid: NewUserForm = { name: ' Ama Mensah ', email: ' ama@acme.test ', password: 'long-enough', role: 'orgadmin', orgId: '' };

const errorsOf = (form: NewUserForm, withOrganisation: boolean) => {
  const checked = checkNewUser(form, withOrganisation);
  return checked.ok ? {} : checked.errors;
};

test('a new user needs a name, a valid e-mail and a password of at least 8', () => {
  expect(errorsOf({ ...valid, name: '   ' }, false)).toEqual({ name: 'Name is required.' });
  expect(errorsOf({ ...valid, email: '' }, false)).toEqual({ email: 'Email is required.' });
  expect(errorsOf({ ...valid, email: 'not-an-email' }, false)).toEqual({ email: 'Enter a valid email address.' });
  expect(errorsOf({ ...valid, password: '' }, false)).toEqual({ password: 'Password is required.' });
  expect(errorsOf({ ...valid, password: '1234567' }, false)).toEqual({ password: 'Password must be at least 8 characters long.' });
  expect(checkNewUser({ ...valid, password: '12345678' }, false).ok).toBe(true);
});

test('every invalid field is flagged at once', () => {
  expect(errorsOf(EMPTY_NEW_USER, true)).toEqual({
    name: 'Name is required.',
    email: 'Email is required.',
    password: 'Password is required.',
    orgId: 'Choose the organisation of the new user.',
  });
});

test('the superadmin form needs an organisation for an orgadmin, none for a superadmin', () => {
  expect(errorsOf(valid, true)).toEqual({ orgId: 'Choose the organisation of the new user.' });
  expect(errorsOf({ ...valid, orgId: 'x' }, true)).toEqual({ orgId: 'Choose the organisation of the new user.' });
  expect(checkNewUser({ ...valid, orgId: '4' }, true).ok).toBe(true);
  expect(checkNewUser({ ...valid, role: 'superadmin' }, true).ok).toBe(true);
});

test('the create payload is trimmed, orgadmin by default, with an integer orgId only from the superadmin form', () => {
  expect(checkNewUser(valid, false)).toEqual({
    ok: true,
    value: { name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'orgadmin' },
  });
  expect(checkNewUser({ ...valid, orgId: '4' }, false)).toEqual({
    ok: true,
    value: { name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'orgadmin' },
  });
  expect(checkNewUser({ ...valid, orgId: '4' }, true)).toEqual({
    ok: true,
    value: { name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'orgadmin', orgId: 4 },
  });
  expect(checkNewUser({ ...valid, role: 'superadmin', orgId: '4' }, true)).toEqual({
    ok: true,
    value: { name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'superadmin' },
  });
  expect(EMPTY_NEW_USER.role).toBe('orgadmin');
});

test('edit: name required; a blank password keeps it; a short one is refused with the spec text', () => {
  expect(editUserError({ name: '', newPassword: '' })).toEqual({ field: 'name', message: 'Name is required.' });
  expect(editUserError({ name: 'Ama', newPassword: '' })).toBeNull();
  expect(editUserError({ name: 'Ama', newPassword: '1234567' })).toEqual({
    field: 'newPassword',
    message: 'New password must be at least 8 characters long.',
  });
  expect(editUserError({ name: 'Ama', newPassword: '12345678' })).toBeNull();
  expect(wantsPasswordReset({ name: 'Ama', newPassword: '' })).toBe(false);
  expect(wantsPasswordReset({ name: 'Ama', newPassword: '12345678' })).toBe(true);
});

test('edit success texts', () => {
  expect(editSuccessMessage(true, true)).toBe('User details and password updated successfully!');
  expect(editSuccessMessage(true, false)).toBe('User details and password updated successfully!');
  expect(editSuccessMessage(false, true)).toBe('User details updated successfully!');
  expect(editSuccessMessage(false, false)).toBe('User updated successfully!');
});

const ama: Pick<User, 'name' | 'email'> = { name: 'Ama Mensah', email: 'ama@acme.test' };

test('the delete question names the user; the superadmin one adds that it cannot be undone', () => {
  expect(deleteUserQuestion(ama, false)).toBe('Are you sure you want to delete the user Ama Mensah?');
  expect(deleteUserQuestion(ama, true)).toBe('Are you sure you want to delete the user Ama Mensah? This action cannot be undone.');
  expect(deleteUserQuestion({ name: ' ', email: 'x@y.z' }, false)).toBe('Are you sure you want to delete the user x@y.z?');
  expect(displayName({ name: '', email: 'x@y.z' })).toBe('x@y.z');
});

test("the organisation column shows the name, or 'N/A (Superadmin)'", () => {
  expect(organisationLabel({ organisation: { id: 1, name: 'Acme' } })).toBe('Acme');
  expect(organisationLabel({ organisation: null })).toBe('N/A (Superadmin)');
});

test('avatars and logos accept png, jpeg and gif', () => {
  expect(ACCEPTED_IMAGE_TYPES).toBe('image/png,image/jpeg,image/gif');
  expect(isAcceptedImage({ type: 'image/png' })).toBe(true);
  expect(isAcceptedImage({ type: 'image/jpeg' })).toBe(true);
  expect(isAcceptedImage({ type: 'image/gif' })).toBe(true);
  expect(isAcceptedImage({ type: 'image/svg+xml' })).toBe(false);
  expect(isAcceptedImage({ type: '' })).toBe(false);
});
