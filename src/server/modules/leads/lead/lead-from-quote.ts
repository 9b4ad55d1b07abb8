import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';
import { aCar } from '#shared/text/english.ts';
import { FUEL_LABELS, TRANSMISSION_LABELS } from '#shared/vocabulary.ts';
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

/** Where the visitor came from: the utm parameters of the page the form was sent from. */
export interface QuoteTracking {
  utmSource: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
}

const hostOf = (link: string) => {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
};
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/**
 * The lead's first timeline entry: what the customer asked on the site form, in the back office's
 * English (a 'Quote Request' entry, written by the product, ADR 020). Title: the car; description:
 * the request line by line, then the utm tracking when there is any.
 */
export function quoteRequestEntry(
  request: QuoteRequest,
  tracking: QuoteTracking,
): { title: string; description: string } {
  const lines: string[] = [];
  let title: string;
  if (request.vehicleChoice === 'specific') {
    const named = makeModelFromListingLink(request.vehicleLink);
    const host = hostOf(request.vehicleLink);
    title = named ? [named.make, named.model].filter(Boolean).join(' ') : host ? `Listing on ${host}` : 'Listing';
    lines.push('Asked on the website for a quote for the car in a listing:', request.vehicleLink);
  } else {
    title = `${request.brand} ${request.model}`;
    lines.push(`Asked on the website for a quote for ${aCar(request.brand, request.model)}.`);
    const [euros = '0', cents = '00'] = request.budget.split('.');
    lines.push(
      [
        `Budget €${thousands(Number(euros))}${cents === '00' ? '' : `,${cents}`}`,
        `from ${request.year}`,
        `up to ${thousands(request.mileage)} km`,
        `${TRANSMISSION_LABELS.en[request.transmission]} gearbox`,
        FUEL_LABELS.en[request.fuelType],
      ].join(' · '),
    );
  }
  const utm = (
    [
      ['source', tracking.utmSource],
      ['medium', tracking.utmMedium],
      ['campaign', tracking.utmCampaign],
    ] as const
  )
    .map(([name, value]) => [name, value?.trim()] as const)
    .filter(([, value]) => value);
  if (utm.length) lines.push(`Came from: ${utm.map(([name, value]) => `utm ${name} ${value}`).join(', ')}`);
  return { title: title.slice(0, 200), description: lines.join('\n') };
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
