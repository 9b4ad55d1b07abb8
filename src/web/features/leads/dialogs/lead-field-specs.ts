import type { LeadStatus } from '#shared/leads/status.ts';
import type { FieldSpec } from './form-fields.tsx';
import { EMAIL_SOURCE_OPTIONS, FUEL_OPTIONS, STATUS_OPTIONS, TRANSMISSION_OPTIONS } from './lead-fields.tsx';

/** Field lists of the lead dialogs, in the order they show. */
export const CUSTOMER_FIELDS: FieldSpec[] = [
  { name: 'firstName', label: 'First name *' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
];

export const MAILBOX_FIELD: FieldSpec = {
  name: 'emailSource',
  label: 'Mailbox',
  kind: 'select',
  options: EMAIL_SOURCE_OPTIONS,
  hint: 'Which company mailbox answers this customer.',
};

export const VEHICLE_FIELDS: FieldSpec[] = [
  { name: 'vehicleMake', label: 'Make *', kind: 'make', placeholder: 'e.g. BMW' },
  { name: 'vehicleModel', label: 'Model *', placeholder: 'e.g. 320d' },
  { name: 'vehicleYear', label: 'Year', inputMode: 'numeric' },
  { name: 'mileage', label: 'Mileage (km)', number: 'whole' },
  { name: 'transmission', label: 'Transmission', kind: 'select', options: TRANSMISSION_OPTIONS, allowNone: true },
  { name: 'fuelType', label: 'Fuel type', kind: 'select', options: FUEL_OPTIONS, allowNone: true },
  { name: 'budget', label: 'Budget (€)', number: 'money', placeholder: 'e.g. 25000' },
  { name: 'vehicleLink', label: 'Vehicle link', type: 'url', placeholder: 'https://' },
];

export const QUOTE_FIELDS = (status?: LeadStatus): FieldSpec[] => [
  { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS(status) },
  {
    name: 'quotedAmount',
    label: 'Quoted amount (€)',
    number: 'money',
    hint: 'Left empty, the saved amount stays as it is.',
  },
];

export const NOTES_FIELD: FieldSpec = { name: 'notes', label: 'Notes', kind: 'textarea', wide: true };
