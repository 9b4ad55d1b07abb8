import { z } from 'zod';
import { LINK_MAX_LENGTH, normaliseWebLink } from '#shared/links.ts';
import { normalizePhone } from '#shared/phone.ts';
import {
  PUBLIC_FUEL_TO_CANONICAL,
  PUBLIC_TRANSMISSION_TO_CANONICAL,
  isPublicFuelType,
  isPublicTransmission,
  type FuelType,
  type Transmission,
} from '#shared/vocabulary.ts';
import { QUOTE_FORM, QUOTE_FORM_MESSAGES as M } from './contact-form-rules.ts';

/**
 * The quote form: one schema for the form and POST /api/contact-form. Every field travels as text
 * (what the inputs hold); numbers are accepted too. The rules run in one pass in the form's field
 * order, so the form can show every field's message at once.
 */

/** Text from a field: numbers become text, absent values the empty string. */
const field = (max = 5000) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string({ error: M.invalidPayload }).max(max, { error: M.invalidPayload }),
  );

/** The visible fields, as typed (types only; the rules are in quoteFormSchema). */
export const quoteFormFieldsSchema = z.object(
  {
    name: field(),
    email: field(),
    phone: field(),
    vehicleChoice: field(),
    vehicleLink: field(),
    brand: field(),
    model: field(),
    budget: field(),
    year: field(),
    mileage: field(),
    transmission: field(),
    fuelType: field(),
  },
  { error: M.invalidPayload },
);
export type QuoteFormFields = z.output<typeof quoteFormFieldsSchema>;
export type QuoteFormField = keyof QuoteFormFields;

function utmField() {
  return z.preprocess(
    (v) => (v === '' ? null : v),
    z.string({ error: M.invalidPayload }).max(500).nullable().optional(),
  );
}

/** The body of POST /api/contact-form: the fields plus the anti-bot and tracking data. */
export const contactFormPayloadSchema = quoteFormFieldsSchema.extend({
  honeypot: field(),
  /** Milliseconds between page load and submit. */
  formDuration: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: M.tooFast }).finite({ error: M.tooFast }).optional(),
  ),
  utmSource: utmField(),
  /** utm_medium and utm_campaign of the page: shown on the lead's first timeline entry. */
  utmMedium: utmField(),
  utmCampaign: utmField(),
});
export type ContactFormPayload = z.input<typeof contactFormPayloadSchema>;

export const contactFormResponseSchema = z.object({ message: z.string() });
export type ContactFormResponse = z.infer<typeof contactFormResponseSchema>;

export type QuoteRequest = {
  name: string;
  email: string;
  phone: string;
} & (
  | { vehicleChoice: 'specific'; vehicleLink: string }
  | {
      vehicleChoice: 'brand_model';
      brand: string;
      model: string;
      /** Decimal string, two places ('25000.00'). */
      budget: string;
      year: number;
      mileage: number;
      transmission: Transmission;
      fuelType: FuelType;
    }
);

const SPACES = /[\s\u00a0\u202f]/g;

/** A euro amount as customers type it ('25000', '25.000', '25 000 €', '25.000,50', '25,000.50') in cents; null if it is not one. */
export function parseEuroAmount(text: string): number | null {
  const s = text.replace(SPACES, '').replace(/€|eur(os?)?/gi, '');
  let normal: string | null = null;
  if (/^\d+$/.test(s)) normal = s;
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) normal = s.replace(/\./g, '');
  else if (/^\d{1,3}(,\d{3})+$/.test(s)) normal = s.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})*,\d{1,2}$/.test(s) || /^\d+,\d{1,2}$/.test(s))
    normal = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})*\.\d{1,2}$/.test(s) || /^\d+\.\d{1,2}$/.test(s)) normal = s.replace(/,/g, '');
  if (normal === null) return null;
  const [whole, frac = ''] = normal.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Kilometres as typed ('150000', '150.000', '150 000 km'); null if not a whole number. */
export function parseKilometres(text: string): number | null {
  const s = text.replace(SPACES, '').replace(/kms?$/i, '');
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) return Number(s.replace(/[.,]/g, ''));
  return null;
}

/**
 * A listing link as typed; 'www.site.pt/...' gets https://. Null unless it is an http(s) address
 * (src/shared/links.ts) with a dotted host and no spaces; answered normalised, as stored.
 */
export function normaliseListingLink(text: string): string | null {
  const s = text.trim();
  if (!s || /\s/.test(s)) return null;
  const href = normaliseWebLink(s);
  return href !== null && new URL(href).hostname.includes('.') ? href : null;
}

const emailFormat = z.email();

const centsToDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The required fields (contact, then the link or the brand/model wishes) plus our own format rules
 * (docs/decisions/009-public-site.md), for the year bounds of the given current year. Output: the
 * request with canonical values.
 */
export function quoteFormSchema(currentYear: number) {
  return quoteFormFieldsSchema
    .superRefine((raw, ctx) => {
      const v = trimAll(raw);
      const fail = (path: QuoteFormField, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.name) fail('name', M.name);
      else if (v.name.length > QUOTE_FORM.maxNameLength) fail('name', M.nameTooLong);
      if (!emailFormat.safeParse(v.email).success || v.email.length > 255) fail('email', M.email);
      if (!v.phone) fail('phone', M.phone);
      else if (v.phone.length > 50 || /[^\d\s+().\-/]/.test(v.phone) || !normalizePhone(v.phone))
        fail('phone', M.phoneInvalid);
      if (v.vehicleChoice !== 'specific' && v.vehicleChoice !== 'brand_model') fail('vehicleChoice', M.vehicleChoice);

      if (v.vehicleChoice === 'specific') {
        if (!v.vehicleLink) fail('vehicleLink', M.vehicleLink);
        else if ((normaliseListingLink(v.vehicleLink)?.length ?? Infinity) > LINK_MAX_LENGTH)
          fail('vehicleLink', M.vehicleLinkInvalid);
      }
      if (v.vehicleChoice === 'brand_model') {
        if (!v.brand) fail('brand', M.brand);
        else if (v.brand.length > 100) fail('brand', M.brandTooLong);
        if (!v.model) fail('model', M.model);
        else if (v.model.length > 100) fail('model', M.modelTooLong);
        if (!v.budget) fail('budget', M.budget);
        else {
          const cents = parseEuroAmount(v.budget);
          if (cents === null || cents <= 0 || cents > QUOTE_FORM.maxBudgetEuros * 100) fail('budget', M.budgetInvalid);
        }
        if (!v.year) fail('year', M.year);
        else if (!/^\d{4}$/.test(v.year) || Number(v.year) < QUOTE_FORM.minYear || Number(v.year) > currentYear)
          fail('year', M.yearRange(currentYear));
        if (!v.mileage) fail('mileage', M.mileage);
        else {
          const km = parseKilometres(v.mileage);
          if (km === null || km > QUOTE_FORM.maxMileageKm) fail('mileage', M.mileageInvalid);
        }
        if (!isPublicTransmission(v.transmission)) fail('transmission', M.transmission);
        if (!isPublicFuelType(v.fuelType)) fail('fuelType', M.fuelType);
      }
    })
    .transform((raw): QuoteRequest => {
      const v = trimAll(raw);
      const person = { name: v.name.replace(/\s+/g, ' '), email: v.email, phone: v.phone };
      if (v.vehicleChoice === 'specific')
        return { ...person, vehicleChoice: 'specific', vehicleLink: normaliseListingLink(v.vehicleLink)! };
      return {
        ...person,
        vehicleChoice: 'brand_model',
        brand: v.brand,
        model: v.model,
        budget: centsToDecimal(parseEuroAmount(v.budget)!),
        year: Number(v.year),
        mileage: parseKilometres(v.mileage)!,
        transmission: PUBLIC_TRANSMISSION_TO_CANONICAL[v.transmission as keyof typeof PUBLIC_TRANSMISSION_TO_CANONICAL],
        fuelType: PUBLIC_FUEL_TO_CANONICAL[v.fuelType as keyof typeof PUBLIC_FUEL_TO_CANONICAL],
      };
    });
}

/**
 * The schema of the given year, built once: zod compiles an object schema on its first parse, and
 * building it for every submission cost each quote request that compilation (bench/README.md).
 */
let builtSchema: { year: number; schema: ReturnType<typeof quoteFormSchema> } | null = null;
function schemaForYear(currentYear: number) {
  if (builtSchema?.year !== currentYear) builtSchema = { year: currentYear, schema: quoteFormSchema(currentYear) };
  return builtSchema.schema;
}

function trimAll(v: QuoteFormFields): QuoteFormFields {
  return Object.fromEntries(Object.entries(v).map(([k, s]) => [k, s.trim()])) as QuoteFormFields;
}

/** One message per field (the first), from a failed parse. */
export function fieldErrors(error: z.ZodError): Partial<Record<QuoteFormField, string>> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

export type QuoteCheck =
  | { ok: true; request: QuoteRequest }
  | { ok: false; message: string; fields?: Partial<Record<QuoteFormField, string>> };

/**
 * The checks the server repeats, in the form's order: honeypot, minimum fill time (from the
 * payload's formDuration), then the schema. ('No field touched' only exists in the browser.)
 */
export function checkQuoteSubmission(
  payload: z.output<typeof contactFormPayloadSchema>,
  currentYear: number,
): QuoteCheck {
  if (payload.honeypot.trim() !== '') return { ok: false, message: M.honeypot };
  if (payload.formDuration === undefined || payload.formDuration < QUOTE_FORM.minFillMs)
    return { ok: false, message: M.tooFast };
  const parsed = schemaForYear(currentYear).safeParse(payload);
  if (!parsed.success) return { ok: false, message: M.invalid, fields: fieldErrors(parsed.error) };
  return { ok: true, request: parsed.data };
}
