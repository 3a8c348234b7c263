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
  newUserError,
  newUserPayload,
  organisationLabel,
  wantsPasswordReset,
  type NewUserForm,
} from '../../../src/lib/user-forms.ts';

const valid: NewUserForm = { name: ' Ama Mensah ', email: ' ama@acme.test ', password: 'long-enough', role: 'orgadmin', orgId: '' };

test('a new user needs a name, a valid e-mail and a password of at least 8', () => {
  expect(newUserError(EMPTY_NEW_USER, false)).toEqual({ field: 'name', message: 'Name is required.' });
  expect(newUserError({ ...valid, name: '   ' }, false)?.field).toBe('name');
  expect(newUserError({ ...valid, email: '' }, false)).toEqual({ field: 'email', message: 'Email is required.' });
  expect(newUserError({ ...valid, email: 'not-an-email' }, false)).toEqual({ field: 'email', message: 'Enter a valid email address.' });
  expect(newUserError({ ...valid, password: '' }, false)).toEqual({ field: 'password', message: 'Password is required.' });
  expect(newUserError({ ...valid, password: '1234567' }, false)).toEqual({
    field: 'password',
    message: 'Password must be at least 8 characters long.',
  });
  expect(newUserError({ ...valid, password: '12345678' }, false)).toBeNull();
});

test('the superadmin form needs an organisation for an orgadmin, none for a superadmin', () => {
  expect(newUserError(valid, true)).toEqual({ field: 'orgId', message: 'Choose the organisation of the new user.' });
  expect(newUserError({ ...valid, orgId: 'x' }, true)?.field).toBe('orgId');
  expect(newUserError({ ...valid, orgId: '4' }, true)).toBeNull();
  expect(newUserError({ ...valid, role: 'superadmin' }, true)).toBeNull();
});

test('the create payload is trimmed, orgadmin by default, with an integer orgId only from the superadmin form', () => {
  expect(newUserPayload(valid, false)).toEqual({ name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'orgadmin' });
  expect(newUserPayload({ ...valid, orgId: '4' }, false)).not.toHaveProperty('orgId');
  expect(newUserPayload({ ...valid, orgId: '4' }, true)).toEqual({
    name: 'Ama Mensah',
    email: 'ama@acme.test',
    password: 'long-enough',
    role: 'orgadmin',
    orgId: 4,
  });
  expect(newUserPayload({ ...valid, role: 'superadmin', orgId: '4' }, true)).not.toHaveProperty('orgId');
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
