import { Controller, useWatch } from 'react-hook-form';
import { ExternalLink } from 'lucide-react';
import { defaultWltp } from '#shared/proposals/costs.ts';
import { isForeignCurrency } from '#shared/proposals/currency.ts';
import { FUEL_LABELS, FUEL_TYPES, type FuelType } from '#shared/vocabulary.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { switchesForFuel } from '../lib/editor-values.ts';
import { CurrencyFields } from './currency-fields.tsx';
import { ListingFactsFields } from './listing-facts-fields.tsx';
import { TextField, type EditorForm } from './editor-fields.tsx';

const NOT_SPECIFIED = 'none';

/** The Vehicle Details tab: what the customer's page shows about the car. */
export function VehicleTab({ form }: { form: EditorForm }) {
  const source = form.watch('sourceListing');
  const fuelError = form.formState.errors.vehicleFuelType?.message;
  const foreign = isForeignCurrency(useWatch({ control: form.control, name: 'listedCurrency' }));

  // A valid first registration sets the WLTP switch (from 09/2018, docs/tax-rules.md section 5); staff
  // can change it after.
  const onFirstRegistration = (value: string) => {
    if (/^(0[1-9]|1[0-2])\/\d{4}$/.test(value.trim())) form.setValue('wltpValue', defaultWltp(value.trim()));
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField form={form} name="vehicleBrand" label="Brand" placeholder="BMW" />
      <TextField form={form} name="vehicleModel" label="Model" placeholder="X1" />
      <TextField
        form={form}
        name="vehicleSubmodel"
        label="Version"
        placeholder="sDrive18d Advantage"
        className="sm:col-span-2"
      />
      <TextField
        form={form}
        name="vehicleFirstRegistration"
        label="First registration"
        placeholder="MM/YYYY"
        inputMode="numeric"
        onValueChange={onFirstRegistration}
      />
      <TextField form={form} name="vehicleMileage" label="Mileage" suffix="km" number="whole" />
      <div className="grid content-start gap-1.5">
        <Label htmlFor="proposal-vehicleFuelType">Fuel type</Label>
        <Controller
          control={form.control}
          name="vehicleFuelType"
          render={({ field }) => (
            <Select
              value={field.value === '' ? NOT_SPECIFIED : field.value}
              onValueChange={(v) => {
                const fuel = (v === NOT_SPECIFIED ? '' : v) as FuelType | '';
                field.onChange(fuel);
                const switches = switchesForFuel(fuel, form.getValues());
                form.setValue('hybridValue', switches.hybridValue);
                form.setValue('pluginValue', switches.pluginValue);
              }}
            >
              <SelectTrigger id="proposal-vehicleFuelType" className="w-full" aria-invalid={!!fuelError}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_SPECIFIED}>Not specified</SelectItem>
                {FUEL_TYPES.map((f) => (
                  <SelectItem key={f} value={f}>
                    {FUEL_LABELS.en[f]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {fuelError && <p className="text-sm text-destructive">{fuelError}</p>}
      </div>
      <TextField form={form} name="vehicleEngineSize" label="Engine size" suffix="cc" number="whole" />
      <TextField form={form} name="vehiclePower" label="Power" placeholder="110 kW (150 cv)" />
      <TextField
        form={form}
        name="vehicleCo2Emissions"
        label="CO2 emissions"
        suffix="g/km"
        number="whole"
        hint="Combined value from the listing or the certificate of conformity."
      />
      <TextField
        form={form}
        name="vehicleCountry"
        label="Country"
        placeholder="Alemanha"
        hint="Shown to the customer as written."
      />
      <ListingFactsFields form={form} />
      {foreign ? (
        <CurrencyFields form={form} />
      ) : (
        <TextField
          form={form}
          name="vehiclePrice"
          label="Price"
          suffix="€"
          number="money"
          hint="Gross price on the listing."
        />
      )}
      <TextField
        form={form}
        name="vehicleOriginalPrice"
        label="Original price"
        suffix="€"
        number="money"
        hint="Before a reduction; struck through on the page."
      />
      <TextField
        form={form}
        name="vehiclePriceWithoutVat"
        label="Price without VAT"
        suffix="€"
        number="money"
        hint="When the seller shows a net price."
      />
      <TextField
        form={form}
        name="sourceListing"
        label="Listing link"
        type="url"
        inputMode="url"
        className="sm:col-span-2"
        hint={
          source && /^https?:\/\//i.test(source) ? (
            <a href={source} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
              Open the listing <ExternalLink className="size-3" aria-hidden />
            </a>
          ) : undefined
        }
      />
    </div>
  );
}
