import type { LeadCreate, ManualLead } from '#shared/schemas/lead-writes.ts';
import type { NewLeadRow } from '../leads.repository.ts';
import { makeModelWithLink } from './listing-link.ts';
import { carName, isUnknownCarText } from '#shared/leads/vehicle-text.ts';

/** A euro amount from a form (number) as the decimal column stores it. */
export const toMoney = (n: number | null | undefined): string | null =>
  n === null || n === undefined ? null : n.toFixed(2);

/**
 * The lead staff typed in (manual lead or the add-lead dialog): origin manual, manual flag set,
 * status requested unless the dialog chose one. No reference yet.
 */
export function leadFromManual(
  input: ManualLead | LeadCreate,
  origin: 'manual' | 'extension' = 'manual',
): Omit<NewLeadRow, 'reference'> {
  return {
    firstName: input.firstName,
    lastName: input.lastName ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    // 'Not specified' make or model are read from the listing link when it names them.
    ...makeModelWithLink(input),
    vehicleYear: input.vehicleYear ?? null,
    budget: toMoney(input.budget),
    mileage: input.mileage ?? null,
    transmission: input.transmission ?? null,
    fuelType: input.fuelType ?? null,
    vehicleLink: input.vehicleLink ?? null,
    notes: input.notes ?? null,
    emailSource: input.emailSource,
    status: 'status' in input ? input.status : 'requested',
    quotedAmount: 'quotedAmount' in input ? toMoney(input.quotedAmount) : null,
    origin,
    manual: true,
  };
}

/** The signed-in staff member a lead is created, changed or merged by (the parts the rules read). */
export interface StaffUser {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** Display name of a staff user: first and last name, else the username. */
export function staffName(user: Omit<StaffUser, 'id'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

/** The notification the rest of the team gets when someone adds a lead by hand. */
export function manualLeadNotification(
  lead: {
    id: number;
    reference: string;
    firstName: string;
    lastName: string | null;
    vehicleMake: string;
    vehicleModel: string;
  },
  creator: StaffUser,
) {
  const who = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  const car = isUnknownCarText(lead.vehicleMake) ? 'a car' : carName(lead);
  return {
    type: 'new_lead' as const,
    title: `New lead ${lead.reference}`,
    message: `${staffName(creator)} added a lead for ${who}: ${car}.`,
    relatedType: 'lead',
    relatedId: lead.id,
    // notify() leaves the author out by default: they know already.
    createdBy: creator.id,
  };
}
