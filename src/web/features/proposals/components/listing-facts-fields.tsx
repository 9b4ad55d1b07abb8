import { Controller } from 'react-hook-form';
import { GEARBOXES, SELLER_TYPE_LABELS, SELLER_TYPES, TRANSMISSION_LABELS } from '#shared/vocabulary.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import type { EditorValues } from '../lib/editor-values.ts';
import { TextField, type EditorForm } from './editor-fields.tsx';

const UNKNOWN = 'unknown';

type ChoiceName = 'vehicleGearbox' | 'vehicleParticleFilter' | 'sellerType';

/** A select whose empty value reads 'Not stated' (the listing did not say). */
function ChoiceField({
  form,
  name,
  label,
  options,
  hint,
}: {
  form: EditorForm;
  name: ChoiceName;
  label: string;
  options: [value: string, label: string][];
  hint?: string;
}) {
  const id = `proposal-${name}`;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value === '' ? UNKNOWN : field.value}
            onValueChange={(v) => field.onChange((v === UNKNOWN ? '' : v) as EditorValues[ChoiceName])}
          >
            <SelectTrigger id={id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={UNKNOWN}>Not stated</SelectItem>
              {options.map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * What the listing says that changes the tax or the customer's choice (docs/listings.md section
 * 12): gearbox, euro norm, particle filter and the seller (dealer or private: the VAT regime).
 * Filled from the listing, editable, saved with the proposal.
 */
export function ListingFactsFields({ form }: { form: EditorForm }) {
  const seller = form.watch('sellerType');
  return (
    <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2" data-testid="listing-facts">
      <legend className="mb-1 text-sm font-medium">Gearbox, emissions and seller</legend>
      <ChoiceField
        form={form}
        name="vehicleGearbox"
        label="Gearbox"
        options={GEARBOXES.map((g) => [g, TRANSMISSION_LABELS.en[g]])}
        hint="Shown to the customer."
      />
      <TextField form={form} name="vehicleEuroNorm" label="Euro norm" placeholder="Euro 6d" />
      <ChoiceField
        form={form}
        name="vehicleParticleFilter"
        label="Particle filter"
        options={[
          ['yes', 'Yes'],
          ['no', 'No'],
        ]}
        hint="The €500 diesel surcharge is waived only by the certificate of conformity (Import Costs)."
      />
      <ChoiceField
        form={form}
        name="sellerType"
        label="Seller"
        options={SELLER_TYPES.map((s) => [s, SELLER_TYPE_LABELS.en[s]])}
        hint={
          seller === 'private'
            ? 'A private seller charges no VAT: there is no price without VAT.'
            : seller === 'dealer'
              ? 'A dealer may sell with deductible VAT (price without VAT) or under the margin scheme.'
              : undefined
        }
      />
    </fieldset>
  );
}
