import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';
import { aCar } from '#shared/text/english.ts';
import type { QuoteRequest } from '#shared/schemas/contact-form.ts';
import type { NewLeadRow } from '../leads.repository.ts';
import { makeModelFromListingLink } from './listing-link.ts';

/** 'Ana Maria Silva' -> first 'Ana', last 'Maria Silva'. */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 100), lastName: rest.length ? rest.join(' ').slice(0, 100) : null };
}

/**
 * The lead a quote request becomes: origin form, mailbox geral, status requested, the wishes on
 * the lead's own fields (canonical vocabularies of src/shared/vocabulary.ts). No reference yet.
 */
export function leadFromQuote(request: QuoteRequest, utmSource: string | null): Omit<NewLeadRow, 'reference'> {
  const base = {
    ...splitName(request.name),
    email: request.email,
    phone: request.phone,
    status: 'requested',
    emailSource: 'geral',
    origin: 'form',
    manual: false,
    utmSource: utmSource?.trim().slice(0, 100) || null,
  } satisfies Partial<NewLeadRow>;
  if (request.vehicleChoice === 'specific') {
    const named = makeModelFromListingLink(request.vehicleLink);
    return {
      ...base,
      vehicleMake: named?.make ?? NOT_SPECIFIED,
      vehicleModel: named?.model ?? NOT_SPECIFIED,
      vehicleLink: request.vehicleLink,
    };
  }
  return {
    ...base,
    vehicleMake: request.brand,
    vehicleModel: request.model,
    budget: request.budget,
    vehicleYear: request.year,
    mileage: request.mileage,
    transmission: request.transmission,
    fuelType: request.fuelType,
  };
}

/** The staff notification's text for a new lead (the back office is in English). */
export function newLeadNotification(lead: {
  id: number;
  reference: string;
  firstName: string;
  lastName: string | null;
  vehicleMake: string;
  vehicleModel: string;
  vehicleLink: string | null;
}) {
  const who = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  let car = lead.vehicleMake === NOT_SPECIFIED ? 'a car' : aCar(lead.vehicleMake, lead.vehicleModel);
  if (lead.vehicleLink) {
    let host = '';
    try {
      host = new URL(lead.vehicleLink).hostname.replace(/^www\./, '');
    } catch {
      /* kept as typed */
    }
    car += host ? ` (listing on ${host})` : ' (listing link)';
  }
  return {
    type: 'new_lead' as const,
    title: `New lead ${lead.reference}`,
    message: `${who} asked for a quote for ${car} on the website.`,
    relatedType: 'lead',
    relatedId: lead.id,
  };
}
