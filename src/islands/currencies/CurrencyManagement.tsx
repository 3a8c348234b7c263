import { superadminOnlyHeading } from '../../lib/screen-heading.ts';
import { deleteCurrency, listCurrencies, updateCurrency } from '../../lib/api/currencies.ts';
import type { Currency } from '../../lib/api/types.ts';
import { decimalPlaces } from '../../lib/reference-forms.ts';
import ReferenceManagement, { type ReferenceKind } from '../reference/ReferenceManagement.tsx';
import SuperadminScreen from '../shell/SuperadminScreen.tsx';
import CurrencyFormModal from './CurrencyFormModal.tsx';

/** The base unit with the decimal places it gives amounts (100 → 2 decimals). */
function BaseUnit({ baseUnit }: { baseUnit: number }) {
  const places = decimalPlaces(baseUnit);
  return (
    <span className="base-unit">
      <span className="base-unit__value">{baseUnit}</span>
      {places === null ? null : (
        <span className="cell-muted">{places === 0 ? 'no decimals' : `${places} decimal${places === 1 ? '' : 's'}`}</span>
      )}
    </span>
  );
}

/** The currencies screen's heading; the page's HTML shows it first (ScreenHeading.astro). */
export const CURRENCIES_HEADING = superadminOnlyHeading(
  'Currency Management',
  'Currencies organisations can take payments in. Disabled ones cannot be added to organisations.',
);

const CURRENCIES: ReferenceKind<Currency> = {
  noun: 'currency',
  ...CURRENCIES_HEADING.superadmin,
  plural: 'Currencies',
  emptyDescription: 'Create the first currency organisations can take payments in.',
  list: (paging) => listCurrencies(paging),
  update: (id, changes) => updateCurrency(id, changes),
  remove: (id) => deleteCurrency(id),
  extraColumns: [{ key: 'baseUnit', header: 'Base Unit', render: (row) => <BaseUnit baseUnit={row.baseUnit} /> }],
  Form: ({ row, onClose, onSaved }) => <CurrencyFormModal currency={row} onClose={onClose} onSaved={onSaved} />,
};

/** Currency Management (superadmin): the paged table of currencies with create, edit, toggle and delete. */
export default function CurrencyManagement() {
  return <SuperadminScreen title={CURRENCIES_HEADING.orgadmin.title}>{() => <ReferenceManagement kind={CURRENCIES} />}</SuperadminScreen>;
}
