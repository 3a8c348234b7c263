import { superadminOnlyHeading } from '../../lib/screen-heading.ts';
import { deleteCountry, listCountries, updateCountry } from '../../lib/api/countries.ts';
import type { Country } from '../../lib/api/types.ts';
import ReferenceManagement, { type ReferenceKind } from '../reference/ReferenceManagement.tsx';
import SuperadminScreen from '../shell/SuperadminScreen.tsx';
import CountryFormModal from './CountryFormModal.tsx';

/** The countries screen's heading; the page's HTML shows it first (ScreenHeading.astro). */
export const COUNTRIES_HEADING = superadminOnlyHeading(
  'Country Management',
  'Countries organisations can be registered in. Disabled ones cannot be chosen for new organisations.',
);

const COUNTRIES: ReferenceKind<Country> = {
  noun: 'country',
  ...COUNTRIES_HEADING.superadmin,
  plural: 'Countries',
  emptyDescription: 'Create the first country organisations can be registered in.',
  list: (paging) => listCountries(paging),
  update: (id, changes) => updateCountry(id, changes),
  remove: (id) => deleteCountry(id),
  Form: ({ row, onClose, onSaved }) => <CountryFormModal country={row} onClose={onClose} onSaved={onSaved} />,
};

/** Country Management (superadmin): the paged table of countries with create, edit, toggle and delete. */
export default function CountryManagement() {
  return <SuperadminScreen title={COUNTRIES_HEADING.orgadmin.title}>{() => <ReferenceManagement kind={COUNTRIES} />}</SuperadminScreen>;
}
