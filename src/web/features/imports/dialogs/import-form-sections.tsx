import { useId, type ComponentProps } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { VEHICLE_MAKES } from '#shared/vocabulary.ts';
import type { ImportCreate } from '#shared/schemas/imports.ts';
import { errorProps, FormField } from '#web/components/form-field.tsx';
import { MoneyInput } from '#web/components/money-input.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import type { ImportFormValues } from './import-form-values.ts';

type Form = UseFormReturn<ImportFormValues, unknown, ImportCreate>;
type Name = keyof ImportFormValues;

interface Spec {
  name: Name;
  label: string;
  type?: string;
  inputMode?: ComponentProps<'input'>['inputMode'];
  autoComplete?: string;
  wide?: boolean;
  /** Euros, typed through the shared MoneyInput (ADR 052). */
  money?: boolean;
}

const CLIENT: Spec[] = [
  { name: 'clientName', label: 'Client name *', autoComplete: 'off' },
  { name: 'clientEmail', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'clientPhone', label: 'Phone', type: 'tel', autoComplete: 'off' },
  { name: 'clientVatId', label: 'VAT ID', autoComplete: 'off' },
  { name: 'clientAddress', label: 'Address', autoComplete: 'off', wide: true },
];
const VEHICLE: Spec[] = [
  { name: 'vehicleMake', label: 'Make *' },
  { name: 'vehicleModel', label: 'Model *' },
  { name: 'vehicleYear', label: 'Year', inputMode: 'numeric' },
  { name: 'vehicleVin', label: 'VIN' },
];
const PRICING: Spec[] = [
  { name: 'vehiclePrice', label: 'Vehicle price (€)', money: true },
  { name: 'vehicleIsv', label: 'ISV (€)', money: true },
  { name: 'servicePrice', label: 'Service price (€)', money: true },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function TextInput({ form, spec, idPrefix }: { form: Form; spec: Spec; idPrefix: string }) {
  const id = `${idPrefix}-${spec.name}`;
  const error = form.formState.errors[spec.name]?.message;
  const makeList = useId();
  if (spec.money) {
    return (
      <FormField id={id} label={spec.label} error={error}>
        <MoneyInput {...errorProps(id, error)} {...form.register(spec.name)} />
      </FormField>
    );
  }
  return (
    <FormField id={id} label={spec.label} error={error} className={spec.wide ? 'sm:col-span-2' : undefined}>
      <Input
        {...errorProps(id, error)}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        list={spec.name === 'vehicleMake' ? makeList : undefined}
        {...form.register(spec.name)}
      />
      {spec.name === 'vehicleMake' ? (
        <datalist id={makeList}>
          {VEHICLE_MAKES.map((make) => (
            <option key={make} value={make} />
          ))}
        </datalist>
      ) : null}
    </FormField>
  );
}

/** Client, vehicle, pricing and notes of the Create Import form (and the optional lead of a new import). */
export function ImportFormSections({ form, showLeadId }: { form: Form; showLeadId: boolean }) {
  const idPrefix = 'import';
  const leadError = form.formState.errors.leadId?.message;
  return (
    <>
      {showLeadId ? (
        <FormField
          id="import-leadId"
          label="Lead (optional)"
          error={leadError}
          hint="The lead's number, if the import comes from one: the lead becomes Converted."
        >
          <Input
            {...errorProps('import-leadId', leadError)}
            inputMode="numeric"
            placeholder="Lead id, e.g. 42"
            {...form.register('leadId')}
          />
        </FormField>
      ) : null}
      <Section title="Client">
        {CLIENT.map((spec) => (
          <TextInput key={spec.name} form={form} spec={spec} idPrefix={idPrefix} />
        ))}
      </Section>
      <Section title="Vehicle">
        {VEHICLE.map((spec) => (
          <TextInput key={spec.name} form={form} spec={spec} idPrefix={idPrefix} />
        ))}
      </Section>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Pricing</legend>
        {PRICING.map((spec) => (
          <TextInput key={spec.name} form={form} spec={spec} idPrefix={idPrefix} />
        ))}
      </fieldset>
      <Section title="Notes">
        {(['notes', 'deliveryNotes'] as const).map((name) => {
          const id = `${idPrefix}-${name}`;
          const error = form.formState.errors[name]?.message;
          return (
            <FormField key={name} id={id} label={name === 'notes' ? 'Notes' : 'Delivery notes'} error={error}>
              <Textarea {...errorProps(id, error)} rows={3} {...form.register(name)} />
            </FormField>
          );
        })}
      </Section>
    </>
  );
}
