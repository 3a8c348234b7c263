// Rules and texts of the Settings screen (docs/console.md#screens Settings, #entities Organisation settings, #validation, #messages), free of React.
import type { LogoPosition, Organisation, OrganisationSettings } from './api/types.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { blankToNull, isHttpUrl } from './field-rules.ts';
import { NEW_PASSWORD_TOO_SHORT, type FormProblem } from './user-forms.ts';
import { PASSWORDS_DO_NOT_MATCH } from './auth-messages.ts';

export { NEW_PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH };

// Texts the spec quotes, verbatim.
export const PAGE_DATA_FAILED = 'Could not load page data.';
export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_FAILED = 'Failed to update profile.';
export const SETTINGS_SAVED = 'General settings saved successfully!';
export const SETTINGS_FAILED = 'Failed to save settings.';
export const PASSWORD_CHANGED = 'Password changed successfully!';
export const PASSWORD_FAILED = 'Failed to change password.';
export const LOGO_UPDATED = 'Organisation logo updated.';
export const LOGO_FAILED = 'Failed to upload organisation logo.';

// Texts of our own.
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
export const WEBSITE_URL_INVALID = 'Website URL must be an http(s) URL.';
export const CHOOSE_LOGO = 'Choose a logo image first.';

/** Logo position options (docs/console.md#constants). */
export const LOGO_POSITIONS: readonly { value: LogoPosition; label: string }[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
];

/** The text fields of General & Receipt Settings, in form order, with the server's length limits. */
export const TEXT_FIELDS = [
  { key: 'addressLine1', label: 'Address Line 1', maxLength: 200 },
  { key: 'addressLine2', label: 'Address Line 2', maxLength: 200 },
  { key: 'city', label: 'City', maxLength: 100 },
  { key: 'state', label: 'State / Region', maxLength: 100 },
  { key: 'postalCode', label: 'Postal Code', maxLength: 20 },
  { key: 'phone', label: 'Phone', maxLength: 40 },
  { key: 'websiteUrl', label: 'Website URL', maxLength: 2048 },
  { key: 'taxId', label: 'Tax ID', maxLength: 50 },
  { key: 'registrationNumber', label: 'Registration Number', maxLength: 50 },
] as const;

export type TextFieldKey = (typeof TEXT_FIELDS)[number]['key'];

export const RECEIPT_TITLE_MAX = 100;
export const FOOTER_NOTE_MAX = 1000;

/** What the General & Receipt Settings form holds (text inputs hold '' for "not set"). */
export type GeneralSettingsForm = Record<TextFieldKey, string> & {
  receiptTitle: string;
  logoPosition: LogoPosition;
  defaultCurrency: string;
  invoiceFooterNote: string;
  collectsGovernmentPayments: boolean;
};

/** The form's starting values from an organisation. */
export function generalSettingsForm(org: Organisation): GeneralSettingsForm {
  return {
    receiptTitle: org.receiptTitle ?? '',
    logoPosition: org.logoPosition === 'center' ? 'center' : 'left',
    defaultCurrency: org.defaultCurrency ?? '',
    addressLine1: org.addressLine1 ?? '',
    addressLine2: org.addressLine2 ?? '',
    city: org.city ?? '',
    state: org.state ?? '',
    postalCode: org.postalCode ?? '',
    phone: org.phone ?? '',
    websiteUrl: org.websiteUrl ?? '',
    taxId: org.taxId ?? '',
    registrationNumber: org.registrationNumber ?? '',
    invoiceFooterNote: org.invoiceFooterNote ?? '',
    collectsGovernmentPayments: org.collectsGovernmentPayments,
  };
}

/** The PATCH body: trimmed texts, blanks cleared (null), only fields an orgadmin may send. */
export function generalSettingsPayload(form: GeneralSettingsForm): OrganisationSettings {
  const payload: OrganisationSettings = {
    receiptTitle: blankToNull(form.receiptTitle),
    logoPosition: form.logoPosition,
    defaultCurrency: blankToNull(form.defaultCurrency),
    invoiceFooterNote: blankToNull(form.invoiceFooterNote),
    collectsGovernmentPayments: form.collectsGovernmentPayments,
  };
  for (const { key } of TEXT_FIELDS) payload[key] = blankToNull(form[key]);
  return payload;
}

/** The first problem of the settings form, or null. */
export function generalSettingsError(form: GeneralSettingsForm): FormProblem<keyof GeneralSettingsForm> | null {
  const website = form.websiteUrl.trim();
  if (website !== '' && !isHttpUrl(website)) return { field: 'websiteUrl', message: WEBSITE_URL_INVALID };
  return null;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first problem of the change-password form (nothing is sent while there is one), or null. */
export function passwordChangeError(form: PasswordChangeForm): FormProblem<keyof PasswordChangeForm> | null {
  if (form.currentPassword === '') return { field: 'currentPassword', message: CURRENT_PASSWORD_REQUIRED };
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) return { field: 'newPassword', message: NEW_PASSWORD_TOO_SHORT };
  if (form.newPassword !== form.confirmPassword) return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  return null;
}
