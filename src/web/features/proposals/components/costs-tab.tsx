import { Controller } from 'react-hook-form';
import { AlertTriangle } from 'lucide-react';
import type { ProposalCosts } from '#shared/proposals/costs.ts';
import { ageBandOf, ageBandText } from '#shared/tax/age-band.ts';
import { pendingTablesText } from '#shared/tax/tax-calendar.ts';
import { tableSetByVersion } from '#shared/tax/table-sets.ts';
import { parseEuros } from '#shared/schemas/proposals.ts';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { formatEuro } from '#web/lib/money.ts';
import { SwitchField, TextField, type EditorForm } from './editor-fields.tsx';

const euros = (n: number) => formatEuro(n.toFixed(2)) ?? '—';

/** The Import Costs tab: the tax inputs, transport and registration, and the live itemised result. */
export function CostsTab({ form, costs }: { form: EditorForm; costs: ProposalCosts }) {
  const fuel = form.watch('vehicleFuelType');
  const hybrid = form.watch('hybridValue');
  const plugin = form.watch('pluginValue');
  const diesel = fuel === 'diesel' || fuel === 'diesel_hybrid';
  const electric = fuel === 'electric';

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_minmax(0,20rem)]">
      <div className="grid content-start gap-3">
        {!electric && (
          <SwitchField
            form={form}
            name="wltpValue"
            label="CO2 measured under WLTP"
            hint="On for cars first registered from September 2018; off means NEDC. The certificate of conformity decides."
          />
        )}
        {!electric && (
          <SwitchField
            form={form}
            name="hybridValue"
            label="Hybrid"
            hint="60% of the tax with at least 50 km electric range and CO2 below 50 g/km."
            onValueChange={(v) => v && form.setValue('pluginValue', false)}
          />
        )}
        {!electric && (
          <SwitchField
            form={form}
            name="pluginValue"
            label="Plug-in hybrid"
            hint="25% of the tax under the same conditions."
            onValueChange={(v) => v && form.setValue('hybridValue', false)}
          />
        )}
        {(hybrid || plugin) && (
          <TextField form={form} name="electricRangeKm" label="Electric range" suffix="km" number="whole" />
        )}
        {plugin && (
          <SwitchField
            form={form}
            name="euro6eBis"
            label="Euro 6e-bis"
            hint="From 2026 such plug-ins qualify with CO2 up to 80 g/km."
          />
        )}
        {diesel && (
          <SwitchField
            form={form}
            name="dieselParticlesBelowLimit"
            label="Particles below 0.001 g/km"
            hint={particleHint(form.watch('vehicleParticleFilter'), form.watch('vehicleEuroNorm'))}
          />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="proposal-registrationCountry">Registered in</Label>
            <Controller
              control={form.control}
              name="registrationCountry"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="proposal-registrationCountry" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="eu">An EU member state</SelectItem>
                    <SelectItem value="non_eu">Outside the EU</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <TextField
            form={form}
            name="taxDeclarationDate"
            label="Declaration date"
            type="date"
            hint={`Empty: today (${costs.declarationDate}).`}
          />
          <TextField form={form} name="transportCost" label="Transport" suffix="€" number="money" />
          <TextField form={form} name="registrationFee" label="Registration" suffix="€" number="money" />
        </div>
      </div>
      <CostBreakdown
        costs={costs}
        price={form.watch('vehiclePrice')}
        transport={form.watch('transportCost')}
        registration={form.watch('registrationFee')}
      />
    </div>
  );
}

function Row({
  label,
  value,
  strong,
  muted,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={`flex justify-between gap-3 ${muted ? 'text-xs text-muted-foreground' : 'text-sm'} ${strong ? 'font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The itemised tax, recomputed on every keystroke with the shared engine the server saves with. */
export function CostBreakdown({
  costs,
  price,
  transport,
  registration,
}: {
  costs: ProposalCosts;
  price: string;
  transport: string;
  registration: string;
}) {
  const b = costs.tax?.breakdown;
  const ageTable = b ? tableSetByVersion(b.tableVersion)?.ageReduction : undefined;
  const ageBand = b?.ageYears != null && ageTable ? ageBandText(ageBandOf(ageTable, b.ageYears)) : null;
  return (
    <section
      className="grid content-start gap-3 rounded-lg border bg-muted/30 p-4"
      aria-label="Cost breakdown"
      data-testid="cost-breakdown"
    >
      <dl className="grid gap-1.5">
        <Row label="Vehicle price" value={formatEuro(parseEuros(price)) ?? '—'} />
        <Row label="ISV" value={formatEuro(costs.isvCost) ?? 'not computed'} testId="cost-isv" />
        {b && (
          <div className="grid gap-1 border-l-2 pl-3">
            <Row muted label="Cylinder component" value={euros(b.cylinderComponent)} />
            <Row
              muted
              label="Environmental component"
              value={`${euros(b.environmentalComponent)}${b.co2Cycle ? ` (${b.co2Cycle.toUpperCase()})` : ''}`}
            />
            {b.particleSurcharge > 0 && (
              <Row muted label="Diesel particle surcharge" value={euros(b.particleSurcharge)} />
            )}
            <Row muted label={`Age reduction${ageBand ? ` (${ageBand})` : ''}`} value={`${b.ageReductionPercent}%`} />
            {b.intermediateRatePercent !== 100 && (
              <Row muted label="Hybrid rate" value={`${b.intermediateRatePercent}%`} />
            )}
            <Row muted label="Tables" value={b.tableVersion} />
          </div>
        )}
        <Row
          label={b?.ivaApplies ? 'IVA 23% (new for VAT)' : 'IVA'}
          value={formatEuro(costs.ivaCost) ?? '—'}
          testId="cost-iva"
        />
        <Row label="Transport" value={formatEuro(parseEuros(transport)) ?? '—'} />
        <Row label="Registration" value={formatEuro(parseEuros(registration)) ?? '—'} />
        <div className="my-1 border-t" />
        <Row strong label="Total" value={formatEuro(costs.totalCost) ?? '—'} testId="cost-total" />
      </dl>
      {costs.missing.length > 0 && (
        <p className="flex gap-2 text-xs text-amber-700 dark:text-amber-400" data-testid="cost-missing">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span>Needed: {costs.missing.join(', ')}.</span>
        </p>
      )}
      {b?.pendingTables && (
        <p
          className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300"
          role="status"
          data-testid="tables-pending"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span>{pendingTablesText(b.pendingTables, 'en')}</span>
        </p>
      )}
      {costs.tax?.notes
        .filter((note) => !b?.pendingTables || note !== `${pendingTablesText(b.pendingTables, 'en')}.`)
        .map((note) => (
          <p key={note} className="text-xs text-muted-foreground">
            {note}
          </p>
        ))}
    </section>
  );
}

/**
 * The surcharge depends on the certificate of conformity, not on the listing: a particle filter the
 * listing names is a reason to check it, never proof (docs/listings.md section 12).
 */
function particleHint(filter: string, norm: string): string {
  const base = 'Otherwise the €500 diesel particle surcharge applies.';
  const n = norm.trim() ? ` (${norm.trim()})` : '';
  if (filter === 'yes') return `${base} The listing names a particle filter${n}: check the certificate of conformity.`;
  if (filter === 'no') return `${base} The listing says it has no particle filter${n}.`;
  return base;
}
