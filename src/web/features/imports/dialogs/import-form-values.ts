import { sumAmounts } from '#shared/imports/finance.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { Proposal } from '#shared/schemas/proposals.ts';
import { formatEuro } from '#web/lib/money.ts';

/** The Create Import form as typed: every field text, like the inputs. */
export interface ImportFormValues {
  leadId: string;
  proposalId: string;
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientVatId: string;
  clientAddress: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: string;
  vehicleVin: string;
  vehiclePrice: string;
  vehicleIsv: string;
  servicePrice: string;
  notes: string;
  deliveryNotes: string;
}

/** 'Fill manually' in the proposal picker. */
export const FILL_MANUALLY = 'manual';

export type LeadPrefill = Pick<
  Lead,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'vehicleMake' | 'vehicleModel' | 'vehicleYear'
>;

export type ProposalPrefill = Pick<
  Proposal,
  | 'id'
  | 'vehicleBrand'
  | 'vehicleModel'
  | 'vehiclePrice'
  | 'isvCost'
  | 'transportCost'
  | 'registrationFee'
  | 'vehicleFirstRegistration'
>;

/** A stored amount as the input shows it: '24500.00' -> '24500', '24500.50' stays. */
export const amountText = (amount: string | null) => (amount === null ? '' : amount.replace(/\.00$/, ''));

/** 'Not specified' (a lead saved without a car) is no make to carry into an import. */
const carText = (text: string | null) => (text && text !== 'Not specified' ? text : '');

/**
 * The empty form, or the lead's client and car (the client section is prefilled from the lead).
 * A new import without a lead proposes the current year (section 5).
 */
export function initialValues(lead: LeadPrefill | null | undefined, currentYear: number): ImportFormValues {
  return {
    leadId: lead ? String(lead.id) : '',
    proposalId: FILL_MANUALLY,
    clientName: lead ? [lead.firstName, lead.lastName].filter(Boolean).join(' ') : '',
    clientEmail: lead?.email ?? '',
    clientPhone: lead?.phone ?? '',
    clientVatId: '',
    clientAddress: '',
    vehicleMake: carText(lead?.vehicleMake ?? null),
    vehicleModel: carText(lead?.vehicleModel ?? null),
    vehicleYear: lead ? (lead.vehicleYear === null ? '' : String(lead.vehicleYear)) : String(currentYear),
    vehicleVin: '',
    vehiclePrice: '',
    vehicleIsv: '',
    servicePrice: '',
    notes: '',
    deliveryNotes: '',
  };
}

/** 'MM/YYYY' (or a day/month/year text) -> the year, '' when there is none. */
export function yearOfRegistration(text: string | null): string {
  const m = text ? /(\d{4})\s*$/.exec(text.trim()) : null;
  return m ? m[1]! : '';
}

/** The service price a proposal suggests: its transport plus its registration (section 9), exact. */
export const proposalServicePrice = (p: Pick<ProposalPrefill, 'transportCost' | 'registrationFee'>) =>
  sumAmounts([p.transportCost, p.registrationFee]);

/** The vehicle and pricing fields a proposal fills (make, model, year, price, ISV, service price). */
export function proposalValues(p: ProposalPrefill) {
  return {
    vehicleMake: p.vehicleBrand ?? '',
    vehicleModel: p.vehicleModel ?? '',
    vehicleYear: yearOfRegistration(p.vehicleFirstRegistration),
    vehiclePrice: amountText(p.vehiclePrice),
    vehicleIsv: amountText(p.isvCost),
    servicePrice: amountText(proposalServicePrice(p)),
  } satisfies Partial<ImportFormValues>;
}

/** The picker's label of a proposal: 'brand model - €price'. */
export function proposalLabel(p: ProposalPrefill): string {
  const car = [p.vehicleBrand, p.vehicleModel].filter(Boolean).join(' ') || `Proposal #${p.id}`;
  const price = formatEuro(p.vehiclePrice);
  return price ? `${car} - ${price}` : car;
}
