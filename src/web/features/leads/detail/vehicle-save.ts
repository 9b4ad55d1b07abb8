import { NOT_SPECIFIED, type Lead } from '#shared/schemas/leads.ts';
import { type LeadUpdateInput } from '#shared/schemas/lead-writes.ts';
import { amountForInput, parseBudget } from '../dialogs/lead-form-values.ts';

/** What the vehicle card's edit mode holds: text as typed. */
export interface VehicleDraft {
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  mileage: string;
  transmission: string;
  fuelType: string;
  vehicleLink: string;
  budget: string;
}

export function vehicleDraftOf(lead: Lead): VehicleDraft {
  return {
    vehicleYear: lead.vehicleYear === null ? '' : String(lead.vehicleYear),
    vehicleMake: lead.vehicleMake === NOT_SPECIFIED ? '' : lead.vehicleMake,
    vehicleModel: lead.vehicleModel === NOT_SPECIFIED ? '' : lead.vehicleModel,
    mileage: lead.mileage === null ? '' : String(lead.mileage),
    transmission: lead.transmission ?? '',
    fuelType: lead.fuelType ?? '',
    vehicleLink: lead.vehicleLink ?? '',
    budget: amountForInput(lead.budget),
  };
}

const intOrNull = (text: string): number | null => {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isNaN(n) ? null : n;
};

/**
 * The vehicle save rules: empty make and model become 'Not specified'; year and mileage are whole
 * numbers or null; the budget takes a decimal comma and is null when not numeric; empty
 * transmission, fuel type and link become null.
 */
export function vehicleUpdateOf(draft: VehicleDraft): LeadUpdateInput {
  return {
    vehicleYear: intOrNull(draft.vehicleYear),
    vehicleMake: draft.vehicleMake.trim() || NOT_SPECIFIED,
    vehicleModel: draft.vehicleModel.trim() || NOT_SPECIFIED,
    // Typed text goes to the contract, which reads it with the shared parser or says why not (ADR 052).
    mileage: draft.mileage.trim() || null,
    transmission: (draft.transmission || null) as LeadUpdateInput['transmission'],
    fuelType: (draft.fuelType || null) as LeadUpdateInput['fuelType'],
    vehicleLink: draft.vehicleLink.trim() || null,
    budget: draft.budget.trim() === '' ? null : (parseBudget(draft.budget) ?? draft.budget),
  };
}
