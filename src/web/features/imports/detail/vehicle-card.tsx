import type { Import } from '#shared/schemas/imports.ts';
import { formatEuroCents } from '../lib/money.ts';
import { EditCard, Facts, type EditFieldSpec } from './edit-card.tsx';

const FIELDS: EditFieldSpec[] = [
  { name: 'vehicleMake', label: 'Make *' },
  { name: 'vehicleModel', label: 'Model *' },
  { name: 'vehicleYear', label: 'Year', inputMode: 'numeric' },
  { name: 'vehicleVin', label: 'VIN' },
  { name: 'vehiclePrice', label: 'Vehicle price (€)', money: true },
  { name: 'vehicleIsv', label: 'ISV (€)', money: true },
];

/** The car: make, model, year, VIN, its price and ISV, view and edit. */
export function VehicleCard({ imp }: { imp: Import }) {
  return (
    <EditCard
      imp={imp}
      title="Vehicle"
      editLabel="Edit vehicle"
      fields={FIELDS}
      failure="Failed to update vehicle information"
      testId="vehicle-card"
      view={
        <Facts
          rows={[
            ['Make', imp.vehicleMake],
            ['Model', imp.vehicleModel],
            ['Year', imp.vehicleYear === null ? null : String(imp.vehicleYear)],
            ['VIN', imp.vehicleVin && <span className="font-mono">{imp.vehicleVin}</span>],
            ['Vehicle price', formatEuroCents(imp.vehiclePrice)],
            ['ISV', formatEuroCents(imp.vehicleIsv)],
          ]}
        />
      }
    />
  );
}
