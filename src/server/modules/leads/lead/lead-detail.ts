import type { Lead, PossibleDuplicate } from '#shared/schemas/leads.ts';
import { toLeadListItem } from '../lead-list-item.ts';
import type { LeadDetailRow } from './lead.repository.ts';

/** A detail row as the API answers it (leadSchema): ISO instants, the caller's `seen`, duplicates. */
export function toLead(row: LeadDetailRow, duplicates: PossibleDuplicate[]): Lead {
  const {
    mileage,
    transmission,
    fuelType,
    vehicleLink,
    notes,
    quotedAmount,
    requestedBudget,
    manual,
    utmSource,
    assignedTo,
    lostReason,
    lostReasonText,
    updatedAt,
    phoneNormalized: _,
    version,
    ...listRow
  } = row;
  return {
    ...toLeadListItem({ ...listRow, assignedTo, quotedAmount, version }),
    mileage,
    transmission,
    fuelType,
    vehicleLink,
    notes,
    quotedAmount,
    requestedBudget,
    manual,
    utmSource,
    assignedTo,
    lostReason: lostReason as Lead['lostReason'],
    lostReasonText,
    updatedAt: new Date(updatedAt).toISOString(),
    duplicates,
    version,
  };
}
