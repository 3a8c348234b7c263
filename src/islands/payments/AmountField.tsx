import { amountStep } from '../../lib/payment-form.ts';
import TextField from '../ui/TextField.tsx';

/** A required amount in major units, stepping by the currency's smallest unit (create payment, refund). */
export default function AmountField({
  baseUnit,
  value,
  onValueChange,
  error,
  hint,
}: {
  /** Minor units to the major unit of the currency (100 for GHS). */
  baseUnit: number;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint: string;
}) {
  return (
    <TextField
      label="Amount"
      required
      error={error}
      hint={hint}
      type="number"
      inputMode="decimal"
      min="0"
      step={amountStep(baseUnit)}
      value={value}
      onValueChange={onValueChange}
    />
  );
}
