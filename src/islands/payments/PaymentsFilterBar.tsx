import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  CHANNEL_LABELS,
  CHANNELS,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  EMPTY_FILTERS,
  FILTER_STATUSES,
  isFiltered,
  REFUND_FILTER_LABELS,
  REFUND_FILTERS,
  type DatePreset,
  type PaymentFilterState,
} from '../../lib/payment-filters.ts';
import type { FilterChoices } from './usePaymentFilterChoices.ts';

export interface PaymentsFilterBarProps {
  filters: PaymentFilterState;
  onChange: (change: Partial<PaymentFilterState>) => void;
  choices: FilterChoices;
  /** Superadmin: the organisation filter ("All organisations" first). */
  organisations?: { id: number; name: string }[] | undefined;
  /** Beside the Clear button: the Export button. */
  actions?: ReactNode;
}

/** A text filter applied once typing pauses (each applied value is one history entry, not each key). */
function DebouncedInput({
  label,
  value,
  onCommit,
  ...input
}: { label: string; value: string; onCommit: (value: string) => void } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // A change from elsewhere (Back, Clear) shows in the box.
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onCommit(draft), 400);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" value={draft} onChange={(event) => setDraft(event.target.value)} {...input} />
    </div>
  );
}

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** The payments list's filters: date range, status (several), refund state, gateway, currency, amount range, channel, customer. */
export default function PaymentsFilterBar({ filters, onChange, choices, organisations, actions }: PaymentsFilterBarProps) {
  const fromId = useId();
  const toId = useId();
  const toggleStatus = (status: string) =>
    onChange({
      statuses: filters.statuses.includes(status) ? filters.statuses.filter((known) => known !== status) : [...filters.statuses, status],
    });
  const currencies =
    filters.currency && !choices.currencies.includes(filters.currency) ? [filters.currency, ...choices.currencies] : choices.currencies;
  return (
    <div className="payments-filters" role="group" aria-label="Payment filters">
      {organisations ? (
        <SelectField label="Organisation" value={filters.organisationId} onChange={(organisationId) => onChange({ organisationId })}>
          <option value="">All organisations</option>
          {organisations.map((organisation) => (
            <option key={organisation.id} value={String(organisation.id)}>
              {organisation.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField
        label="Date"
        value={filters.range}
        onChange={(range) => onChange({ range: range as DatePreset | '', ...(range === 'custom' ? {} : { fromDay: '', toDay: '' }) })}
      >
        <option value="">Any time</option>
        {DATE_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {DATE_PRESET_LABELS[preset]}
          </option>
        ))}
      </SelectField>
      {filters.range === 'custom' ? (
        <>
          <div className="filter-field">
            <label htmlFor={fromId}>From</label>
            <input
              id={fromId}
              className="input"
              type="date"
              value={filters.fromDay}
              max={filters.toDay || undefined}
              onChange={(event) => onChange({ fromDay: event.target.value })}
            />
          </div>
          <div className="filter-field">
            <label htmlFor={toId}>To</label>
            <input
              id={toId}
              className="input"
              type="date"
              value={filters.toDay}
              min={filters.fromDay || undefined}
              onChange={(event) => onChange({ toDay: event.target.value })}
            />
          </div>
        </>
      ) : null}
      <fieldset className="filter-field filter-statuses">
        <legend>Status</legend>
        <div className="filter-statuses__options">
          {FILTER_STATUSES.map((status) => (
            <label key={status} className="filter-chip">
              <input type="checkbox" checked={filters.statuses.includes(status)} onChange={() => toggleStatus(status)} />
              {status}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField label="Refunds" value={filters.refund} onChange={(refund) => onChange({ refund })}>
        <option value="">Any refund state</option>
        {REFUND_FILTERS.map((refund) => (
          <option key={refund} value={refund}>
            {REFUND_FILTER_LABELS[refund]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Gateway" value={filters.gatewayId} onChange={(gatewayId) => onChange({ gatewayId })}>
        <option value="">All gateways</option>
        {filters.gatewayId && !choices.gateways.some((gateway) => String(gateway.id) === filters.gatewayId) ? (
          <option value={filters.gatewayId}>Gateway #{filters.gatewayId}</option>
        ) : null}
        {choices.gateways.map((gateway) => (
          <option key={gateway.id} value={String(gateway.id)}>
            {gateway.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Channel" value={filters.channel} onChange={(channel) => onChange({ channel })}>
        <option value="">All channels</option>
        {CHANNELS.map((channel) => (
          <option key={channel} value={channel}>
            {CHANNEL_LABELS[channel]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Currency"
        value={filters.currency}
        onChange={(currency) => onChange({ currency, ...(currency ? {} : { amountMin: '', amountMax: '' }) })}
      >
        <option value="">All currencies</option>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <DebouncedInput
        label="Amount from"
        value={filters.amountMin}
        onCommit={(amountMin) => onChange({ amountMin })}
        inputMode="decimal"
        placeholder={filters.currency ? '0.00' : 'Choose a currency'}
        disabled={!filters.currency}
        maxLength={30}
      />
      <DebouncedInput
        label="Amount to"
        value={filters.amountMax}
        onCommit={(amountMax) => onChange({ amountMax })}
        inputMode="decimal"
        placeholder={filters.currency ? 'Any' : 'Choose a currency'}
        disabled={!filters.currency}
        maxLength={30}
      />
      <DebouncedInput
        label="Customer"
        value={filters.customer}
        onCommit={(customer) => onChange({ customer })}
        placeholder="Name or email"
        maxLength={200}
        autoComplete="off"
      />
      <div className="payments-filters__actions">
        <button
          type="button"
          className="btn"
          disabled={!isFiltered(filters)}
          onClick={() => onChange({ ...EMPTY_FILTERS, organisationId: filters.organisationId, pageSize: filters.pageSize })}
        >
          Clear filters
        </button>
        {actions}
      </div>
    </div>
  );
}
