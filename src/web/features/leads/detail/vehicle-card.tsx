import type { FormEvent, ReactNode } from 'react';
import { EditActions } from './edit-actions.tsx';
import { useState } from 'react';
import { ExternalLink, Pencil } from 'lucide-react';
import { type Lead } from '#shared/schemas/leads.ts';
import { leadUpdateSchema } from '#shared/schemas/lead-writes.ts';
import { fuelLabel, TRANSMISSION_LABELS, type Transmission } from '#shared/vocabulary.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { MONEY_RULE } from '#shared/number-input.ts';
import { MoneyInput, WHOLE_RULE } from '#web/components/money-input.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useBaseVersion, useStaleWriteEpoch } from '#web/components/stale-write.tsx';
import { Field, FUEL_OPTIONS, MakeInput, OptionSelect, TRANSMISSION_OPTIONS } from '../dialogs/lead-fields.tsx';
import { formatEuro } from '#web/lib/money.ts';
import { toastSuccess } from '#web/lib/notify.ts';
import { useLeadWrite } from './use-lead-write.ts';
import { vehicleDraftOf, vehicleUpdateOf, type VehicleDraft } from './vehicle-save.ts';
import { carTextOrNotSpecified } from '#shared/leads/vehicle-text.ts';

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

const TEXT_FIELDS: {
  name: keyof VehicleDraft;
  label: string;
  inputMode?: 'numeric' | 'decimal';
  type?: string;
  number?: 'money' | 'whole';
}[] = [
  { name: 'vehicleYear', label: 'Year', inputMode: 'numeric' },
  { name: 'vehicleModel', label: 'Model' },
  { name: 'mileage', label: 'Mileage (km)', number: 'whole' },
  { name: 'budget', label: 'Budget (€)', number: 'money' },
  { name: 'vehicleLink', label: 'Vehicle link', type: 'url' },
];

/** Field errors of the values the save rules produce, checked by the same contract as the server. */
function validate(draft: VehicleDraft): Partial<Record<keyof VehicleDraft, string>> {
  const result = leadUpdateSchema(new Date().getFullYear()).safeParse(vehicleUpdateOf(draft));
  if (result.success) return {};
  const errors: Partial<Record<keyof VehicleDraft, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof VehicleDraft;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Vehicle wishes with view and edit modes and the save rules of vehicle-save.ts. */
export function VehicleCard({ lead }: { lead: Lead }) {
  const [draft, setDraft] = useState<VehicleDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof VehicleDraft, string>>>({});
  const { write, pending } = useLeadWrite(lead);
  // The version read when editing began (ADR 024).
  const base = useBaseVersion(lead.version, useStaleWriteEpoch());
  const budget = formatEuro(lead.budget);

  const set = (name: keyof VehicleDraft) => (value: string | null) =>
    setDraft((d) => (d ? { ...d, [name]: value ?? '' } : d));
  const start = () => {
    setDraft(vehicleDraftOf(lead));
    base.start();
  };
  const cancel = () => {
    setDraft(null);
    setErrors({});
    base.stop();
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    write(
      vehicleUpdateOf(draft),
      {
        failure: 'Failed to update vehicle details',
        onSuccess: () => {
          toastSuccess('Vehicle details updated successfully');
          cancel();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
        },
      },
      base.version,
    );
  };

  const input = (f: (typeof TEXT_FIELDS)[number]) => {
    const id = `vehicle-${f.name}`;
    return (
      <Field
        key={f.name}
        id={id}
        label={f.label}
        error={errors[f.name]}
        className={f.name === 'vehicleLink' ? 'sm:col-span-2' : undefined}
      >
        {f.number ? (
          <MoneyInput
            id={id}
            rule={f.number === 'money' ? MONEY_RULE : WHOLE_RULE}
            value={draft?.[f.name] ?? ''}
            onChange={(e) => set(f.name)(e.target.value)}
            aria-invalid={!!errors[f.name]}
            aria-describedby={errors[f.name] ? `${id}-error` : undefined}
          />
        ) : (
          <Input
            id={id}
            type={f.type ?? 'text'}
            inputMode={f.inputMode}
            value={draft?.[f.name] ?? ''}
            onChange={(e) => set(f.name)(e.target.value)}
            aria-invalid={!!errors[f.name]}
            aria-describedby={errors[f.name] ? `${id}-error` : undefined}
          />
        )}
      </Field>
    );
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle role="heading" aria-level={2}>
            Vehicle
          </CardTitle>
          {budget && (
            <Badge variant="secondary" className="text-sm" data-testid="budget-badge">
              Budget {budget}
            </Badge>
          )}
        </div>
        {!draft && (
          <CardAction>
            <Button variant="ghost" size="sm" onClick={start} aria-label="Edit vehicle">
              <Pencil aria-hidden /> Edit
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {draft ? (
          <form onSubmit={save} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="Edit vehicle">
            <Field
              id="vehicle-vehicleMake"
              label="Make"
              error={errors.vehicleMake}
              hint="Empty make or model is saved as 'Not specified'."
            >
              <MakeInput
                id="vehicle-vehicleMake"
                value={draft.vehicleMake}
                onChange={(e) => set('vehicleMake')(e.target.value)}
              />
            </Field>
            {TEXT_FIELDS.slice(0, 3).map(input)}
            <Field id="vehicle-transmission" label="Transmission">
              <OptionSelect
                id="vehicle-transmission"
                value={draft.transmission || null}
                onChange={set('transmission')}
                options={TRANSMISSION_OPTIONS}
                allowNone
              />
            </Field>
            <Field id="vehicle-fuelType" label="Fuel type">
              <OptionSelect
                id="vehicle-fuelType"
                value={draft.fuelType || null}
                onChange={set('fuelType')}
                options={FUEL_OPTIONS}
                allowNone
              />
            </Field>
            {TEXT_FIELDS.slice(3).map(input)}
            <EditActions saving={pending} onCancel={cancel} />
          </form>
        ) : (
          <VehicleView lead={lead} />
        )}
      </CardContent>
    </Card>
  );
}

function VehicleView({ lead }: { lead: Lead }) {
  const transmission = lead.transmission
    ? (TRANSMISSION_LABELS.en[lead.transmission as Transmission] ?? lead.transmission)
    : null;
  const rows: [string, ReactNode][] = [
    ['Year', lead.vehicleYear],
    ['Make', carTextOrNotSpecified(lead.vehicleMake)],
    ['Model', carTextOrNotSpecified(lead.vehicleModel)],
    ['Mileage', lead.mileage === null ? null : `${grouped(lead.mileage)} km`],
    ['Transmission', transmission],
    ['Fuel type', fuelLabel(lead.fuelType, 'en')],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3" data-testid="vehicle-view">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="truncate font-medium">
            {value ?? <span className="font-normal text-muted-foreground">-</span>}
          </dd>
        </div>
      ))}
      <div className="col-span-2 min-w-0 sm:col-span-3">
        <dt className="text-muted-foreground">Vehicle link</dt>
        <dd className="truncate">
          {lead.vehicleLink ? (
            <a
              href={lead.vehicleLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1.5 text-primary hover:underline"
            >
              <span className="truncate">{lead.vehicleLink}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-label="(opens in a new tab)" />
            </a>
          ) : (
            <span className="text-muted-foreground">-</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
