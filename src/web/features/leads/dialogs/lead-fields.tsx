import { useId, type ComponentProps } from 'react';
import { FUEL_LABELS, FUEL_TYPES, TRANSMISSION_LABELS, TRANSMISSIONS, VEHICLE_MAKES } from '#shared/vocabulary.ts';
import {
  EMAIL_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type EmailSource,
  type LeadStatus,
} from '#shared/leads/status.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

export const TRANSMISSION_OPTIONS: Option[] = TRANSMISSIONS.map((value) => ({
  value,
  label: TRANSMISSION_LABELS.en[value],
}));
export const FUEL_OPTIONS: Option[] = FUEL_TYPES.map((value) => ({ value, label: FUEL_LABELS.en[value] }));
export const EMAIL_SOURCE_LABELS: Record<EmailSource, string> = { geral: 'Geral', comercial: 'Comercial' };
export const EMAIL_SOURCE_OPTIONS: Option[] = EMAIL_SOURCES.map((value) => ({
  value,
  label: EMAIL_SOURCE_LABELS[value],
}));
/** Converted is chosen from the lead's status (it opens 'Create Import from Lead'), not in this form. */
export const STATUS_OPTIONS = (current?: LeadStatus): Option[] =>
  LEAD_STATUSES.map((value) => ({
    value,
    label: LEAD_STATUS_LABELS[value],
    disabled: value === 'converted' && current !== 'converted',
  }));

/** Radix Select refuses an empty value; this one stands for "not specified" (null). */
const NONE = '__none';

/** A label, the control, and its hint or error (the error wins): the shared form field. */
export { FormField as Field } from '#web/components/form-field.tsx';

/** Free-text make with suggestions of the makes sold in Europe; any other make is accepted. */
export function MakeInput(props: ComponentProps<typeof Input>) {
  const listId = useId();
  return (
    <>
      <Input list={listId} autoComplete="off" {...props} />
      <datalist id={listId}>
        {VEHICLE_MAKES.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
    </>
  );
}

/** A select over `options`; with `allowNone` a 'Not specified' entry maps to null. */
export function OptionSelect({
  id,
  value,
  onChange,
  options,
  allowNone = false,
  invalid,
  className,
}: {
  id: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  options: Option[];
  allowNone?: boolean;
  invalid?: boolean;
  className?: string;
}) {
  return (
    <Select value={value ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
      <SelectTrigger id={id} aria-invalid={invalid} className={className ?? 'w-full'}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allowNone && <SelectItem value={NONE}>Not specified</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
