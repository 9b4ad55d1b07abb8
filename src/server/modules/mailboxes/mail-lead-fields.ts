/**
 * The car fields of a lead made from an e-mail (issue 30 item 6, ADR 063): make and model from a
 * listing link first, then what the subject and the customer's own text name (make, model, year,
 * fuel, gearbox, budget). What nobody named stays empty: the screens show it as 'Not specified',
 * the templates as a value to fill, and no 'Not specified' text reaches the CSV or the e-mails.
 */
import { makeModelFromListingLink } from '#server/modules/leads/leads.api.ts';
import { findCarWishes } from '#shared/text/car-wishes.ts';
import { findListingLink } from '#shared/text/free-text-numbers.ts';
import type { FuelType, Transmission } from '#shared/vocabulary.ts';

export interface MailLeadFields {
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: number | null;
  fuelType: FuelType | null;
  transmission: Transmission | null;
  /** Whole euros as a decimal string; also the lead's requested budget. */
  budget: string | null;
  vehicleLink: string | null;
}

export function leadFieldsFromMail(msg: { subject: string; text: string }, now: Date): MailLeadFields {
  const link = findListingLink(msg.text);
  const fromLink = link ? makeModelFromListingLink(link) : null;
  const said = findCarWishes(msg.subject, msg.text, now.getUTCFullYear() + 1);
  const make = fromLink?.make ?? said.make ?? '';
  // The text's model only describes the link's car when both name the same make.
  const textModel = said.make && said.make.toLowerCase() === make.toLowerCase() ? said.model : null;
  return {
    vehicleMake: make.slice(0, 100),
    vehicleModel: (fromLink?.model ?? textModel ?? '').slice(0, 100),
    vehicleYear: said.year,
    fuelType: said.fuelType,
    transmission: said.transmission,
    budget: said.budget === null ? null : String(said.budget),
    vehicleLink: link,
  };
}
