import { SETTINGS } from '#shared/settings.ts';
import { normalizePhone } from '#shared/phone.ts';
import { quoteRequestEntry } from '#server/modules/leads/leads.api.ts';
import type { leads } from '../schema/index.ts';
import {
  CAR_COLOURS,
  estimateMarketPriceEur,
  listingUrl,
  pickCar,
  type CarColour,
  type CarModel,
  type ListingSite,
  type Transmission,
} from './cars.ts';
import type { ImportStatus } from './demo-imports.ts';
import { roundSecond, skeletons } from './demo-lead-stories.ts';
import { LEAD_NOTES, type ConversationContext } from './demo-messages.ts';
import { planProposal, type PlannedProposal } from './demo-proposals.ts';
import { buildEntry, type TimelineValues } from './demo-timeline.ts';
import { pickPerson } from './people.ts';
import type { Rng } from './prng.ts';

export const LEAD_STATUSES = [
  'requested',
  'quoted',
  'clarifying',
  'waiting',
  'contacted',
  'rejected',
  'converted',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export type LeadValues = Omit<typeof leads.$inferInsert, 'id' | 'searchText'>;

export interface StaffMember {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
}

export interface PlannedLead {
  values: LeadValues;
  timeline: TimelineValues[];
  proposal: PlannedProposal | null;
  /** Converted leads: the import this lead became and when it was created. */
  importPlan: { status: ImportStatus; createdAt: Date } | null;
  car: CarModel;
  variant: string;
  colour: CarColour;
}

export interface LeadPlanInput {
  now: Date;
  staff: readonly StaffMember[];
  /** One reference per planned lead (DEMO_LEAD_COUNT), oldest lead first. */
  references: readonly string[];
  /** Statuses of the imports that converted leads became; one converted lead each. */
  convertedImportStatuses: readonly ImportStatus[];
  newPublicId: () => string;
  /** Base of the public proposal links written into e-mails. */
  publicUrl: string;
}

const MILEAGE_LIMITS = [30_000, 50_000, 80_000, 100_000, 120_000, 150_000, 200_000];
const LISTING_SITES: readonly (readonly [ListingSite, number])[] = [
  ['mobile.de', 5],
  ['autoscout24.de', 4],
  ['standvirtual.com', 1],
];

export function planDemoLeads(rng: Rng, input: LeadPlanInput): PlannedLead[] {
  const skels = skeletons(rng.fork('skeletons'), input).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (skels.length !== input.references.length)
    throw new Error(`need ${skels.length} references, got ${input.references.length}`);
  const currentYear = input.now.getUTCFullYear();
  let messageCounter = 0;
  const nextMessageId = () => `<demo-${++messageCounter}@example.pt>`;
  let proposalsMade = 0;
  let almostNewMade = false;
  // Staff with a name sign e-mails and own leads; an unnamed account (say, the first 'admin') only if alone.
  const named = input.staff.filter((s) => s.firstName);
  const team = named.length > 0 ? named : input.staff;

  return skels.map((sk, i) => {
    const r = rng.fork(`lead-${i}`);
    const reference = input.references[i]!;
    const person = pickPerson(r);
    const car = pickCar(r);
    const variant = r.pick(car.variants);
    const colour = r.pick(CAR_COLOURS);
    const year = r.int(Math.max(car.years[0], currentYear - 9), car.years[1]);
    const priceEur = estimateMarketPriceEur(car, year, currentYear, r);
    const budgetEur = Math.min(
      90_000,
      Math.max(15_000, Math.ceil((priceEur * r.float(1.15, 1.4) + 2_340) / 500) * 500),
    );
    const expectedKm = (currentYear - year + 1) * 15_000;
    const mileageKm = MILEAGE_LIMITS.find((m) => m >= expectedKm) ?? 200_000;
    const transmission: Transmission =
      car.transmissions.length > 1
        ? r.pick(['auto', 'manual', 'any'] as const)
        : r.pick(['auto', 'auto', 'any'] as const);
    const link = r.chance(0.55) ? listingUrl(r, r.weighted(LISTING_SITES), car, variant, colour) : null;
    // Form leads always arrive on geral; about 30% of all leads end up on comercial.
    const emailSource = sk.origin !== 'form' && r.chance(0.45) ? 'comercial' : 'geral';
    const staff = team.length > 0 ? team[i % team.length]! : null;
    const assigned = sk.status === 'requested' && r.chance(0.6) ? null : staff;
    const staffName = staff
      ? [staff.firstName, staff.lastName].filter(Boolean).join(' ') || staff.username
      : 'Equipa AutoImport';

    const conversation: ConversationContext = {
      firstName: person.firstName,
      lastName: person.lastName,
      reference,
      make: car.make,
      model: car.model,
      year,
      budgetEur,
      mileageKm,
      fuel: car.fuel,
      transmission,
      link,
      staffName,
    };
    const proposalStep = sk.steps.indexOf('proposal');
    // One proposal shows a nearly new car, on which IVA is due; it goes to a customer who asked for a recent year.
    const almostNew = proposalStep >= 0 && !almostNewMade && year >= car.years[1] - 1;
    almostNewMade ||= almostNew;
    const proposal =
      proposalStep < 0
        ? null
        : planProposal(r.fork('proposal'), {
            car,
            variant,
            colour,
            minYear: year,
            maxMileageKm: mileageKm,
            createdAt: roundSecond(sk.times[proposalStep]!.getTime() - r.int(10, 40) * 60_000),
            publicId: input.newPublicId(),
            createdBy: staff?.id ?? null,
            almostNew,
            site: r.chance(0.6) ? 'mobile.de' : 'autoscout24.de',
            scene: proposalsMade++,
          });
    const quoteAmountEur = Math.round((budgetEur * r.float(0.88, 1.02)) / 100) * 100;
    const mailbox = SETTINGS[emailSource === 'geral' ? 'mailbox.geral.address' : 'mailbox.comercial.address'].default;
    const timeline = sk.steps.map((step, k) =>
      buildEntry(r, step, sk.times[k]!, {
        conversation,
        customerEmail: person.email,
        mailbox,
        staffId: staff?.id ?? null,
        quoteAmountEur,
        nextMessageId,
        proposal: proposal && { url: `${input.publicUrl}/proposta/${proposal.values.publicId}`, ...proposal.figures },
      }),
    );
    const utmSource =
      sk.origin === 'form' && r.chance(0.6) ? r.pick(['google', 'facebook', 'instagram'] as const) : null;
    // A form lead's story starts with what the customer asked on the site, as the product writes it.
    if (sk.origin === 'form') {
      const person = { name: `${conversation.firstName} ${conversation.lastName}`, email: '', phone: '' };
      const asked = link
        ? quoteRequestEntry({ ...person, vehicleChoice: 'specific', vehicleLink: link }, { utmSource })
        : quoteRequestEntry(
            {
              ...person,
              vehicleChoice: 'brand_model',
              brand: car.make,
              model: car.model,
              budget: `${budgetEur}.00`,
              year,
              mileage: mileageKm,
              transmission,
              fuelType: car.fuel,
            },
            { utmSource },
          );
      timeline.unshift({
        type: 'chat',
        ...asked,
        emailData: null,
        metadata: { event: 'quote_request' },
        messageId: null,
        createdAt: sk.createdAt,
        createdBy: null,
      });
    }
    const offered = proposal ? proposal.values.totalCost! : sk.steps.includes('quote') ? `${quoteAmountEur}.00` : null;
    const lastInteractionAt = sk.times[sk.times.length - 1]!;

    return {
      values: {
        reference,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        phoneNormalized: normalizePhone(person.phone),
        vehicleMake: car.make,
        vehicleModel: car.model,
        vehicleYear: year,
        budget: `${budgetEur}.00`,
        mileage: mileageKm,
        transmission,
        fuelType: car.fuel,
        vehicleLink: link,
        notes: r.chance(0.35) ? r.pick(LEAD_NOTES) : null,
        status: sk.status,
        quotedAmount: offered,
        starred: sk.starred,
        manual: sk.origin === 'manual',
        emailSource,
        origin: sk.origin,
        utmSource,
        assignedTo: assigned?.id ?? null,
        lastInteractionAt,
        createdAt: sk.createdAt,
        updatedAt: lastInteractionAt,
      },
      timeline,
      proposal,
      importPlan: sk.importPlan,
      car,
      variant,
      colour,
    };
  });
}
