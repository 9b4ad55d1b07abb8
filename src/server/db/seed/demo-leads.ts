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
import { importCreatedAt, type ImportStatus } from './demo-imports.ts';
import { LEAD_NOTES, type ConversationContext } from './demo-messages.ts';
import { planProposal, type PlannedProposal } from './demo-proposals.ts';
import { buildEntry, type Step, type TimelineValues } from './demo-timeline.ts';
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

/** Leads per status apart from converted, whose number follows the imports. */
const STATUS_COUNTS: readonly (readonly [Exclude<LeadStatus, 'converted'>, number])[] = [
  ['requested', 9],
  ['waiting', 7],
  ['quoted', 9],
  ['clarifying', 6],
  ['contacted', 7],
  ['rejected', 8],
];
/** How many leads of each status get a proposal with photos. */
const PROPOSALS_PER_STATUS: Partial<Record<LeadStatus, number>> = { quoted: 6, contacted: 3, converted: 6 };
// Hours since the last interaction, chosen to land on every lateness level (src/shared/leads/lateness.ts).
const WAITING_ON_US_HOURS = [3, 14, 30, 60];
const OTHER_ACTIVE_HOURS = [20, 50, 80, 130];

export function demoLeadCount(convertedCount: number): number {
  return STATUS_COUNTS.reduce((sum, [, n]) => sum + n, 0) + convertedCount;
}

const HOUR = 3_600_000;
const roundSecond = (t: number): Date => new Date(Math.round(t / 1000) * 1000);

const CUSTOMER_STEPS = new Set<Step>(['request', 'answer', 'customerChat', 'decline']);

/**
 * Moves an earlier step into waking hours (staff 9:00-19:30, customers 7:00-23:00, UTC as Lisbon
 * time), always to an earlier instant so the order of the story holds.
 */
function duringWorkingHours(rng: Rng, step: Step, t: number): number {
  if (step === 'ack') return t; // automatic reply
  const [open, close] = CUSTOMER_STEPS.has(step) ? [7, 23] : [9, 19.5];
  const d = new Date(t);
  const hour = d.getUTCHours() + d.getUTCMinutes() / 60;
  if (hour >= open && hour < close) return t;
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return (hour < open ? midnight - 24 * HOUR : midnight) + rng.float(close - 3, close - 0.5) * HOUR;
}

interface Skeleton {
  status: LeadStatus;
  origin: 'form' | 'email' | 'manual';
  steps: Step[];
  times: Date[];
  createdAt: Date;
  withProposal: boolean;
  starred: boolean;
  importPlan: PlannedLead['importPlan'];
}

function storySteps(rng: Rng, status: LeadStatus, origin: Skeleton['origin'], withProposal: boolean): Step[] {
  const opening: Step = origin === 'form' ? 'ack' : origin === 'email' ? 'request' : 'introCall';
  const exchange = (p: number): Step[] => (rng.chance(p) ? ['question', 'answer'] : []);
  const offer: Step = withProposal ? 'proposal' : 'quote';
  switch (status) {
    case 'requested':
      return rng.chance(0.4) ? [opening, 'customerChat'] : [opening];
    case 'waiting':
      return [opening, 'question', 'answer', ...(rng.chance(0.4) ? (['customerChat'] as Step[]) : [])];
    case 'clarifying':
      return [opening, ...exchange(0.5), rng.pick(['question', 'noAnswerCall', 'staffChat'] as const)];
    case 'quoted':
      return [opening, ...exchange(0.5), offer];
    case 'contacted':
      return [opening, ...exchange(0.4), offer, 'followUpCall'];
    case 'rejected':
      return [opening, ...exchange(0.5), 'quote', rng.pick(['decline', 'declineCall'] as const)];
    case 'converted':
      return [opening, ...exchange(0.35), offer, 'acceptCall', 'documents'];
  }
}

function skeletons(rng: Rng, input: LeadPlanInput): Skeleton[] {
  const slots: { status: LeadStatus; index: number }[] = [];
  for (const [status, n] of STATUS_COUNTS) for (let i = 0; i < n; i++) slots.push({ status, index: i });
  input.convertedImportStatuses.forEach((_, i) => slots.push({ status: 'converted', index: i }));

  const now = input.now.getTime();
  return slots.map(({ status, index }) => {
    const origin = rng.weighted([
      ['form', 45],
      ['email', 40],
      ['manual', 15],
    ] as const);
    const withProposal = index < (PROPOSALS_PER_STATUS[status] ?? 0);
    let importPlan: Skeleton['importPlan'] = null;
    let last: number;
    if (status === 'requested' || status === 'waiting') {
      last = now - WAITING_ON_US_HOURS[index % 4]! * rng.float(1, 1.1) * HOUR;
    } else if (status === 'rejected') {
      last = duringWorkingHours(rng, 'decline', now - rng.float(4, 45) * 24 * HOUR);
    } else if (status === 'converted') {
      const importStatus = input.convertedImportStatuses[index]!;
      const created = importCreatedAt(rng, input.now, importStatus);
      importPlan = { status: importStatus, createdAt: created };
      last = created.getTime() - rng.float(0.3, 3) * HOUR;
    } else {
      last =
        now -
        OTHER_ACTIVE_HOURS[(index + STATUS_COUNTS.findIndex(([s]) => s === status)) % 4]! * rng.float(1, 1.1) * HOUR;
    }

    const steps = storySteps(rng, status, origin, withProposal);
    const times: Date[] = new Array<Date>(steps.length);
    times[steps.length - 1] = roundSecond(last);
    for (let k = steps.length - 2; k >= 0; k--) {
      const gapHours =
        steps[k + 1] === 'documents'
          ? rng.float(0.2, 2)
          : status === 'requested'
            ? rng.float(0.3, 4)
            : status === 'converted'
              ? rng.float(6, 60)
              : rng.float(2, 36);
      times[k] = roundSecond(duringWorkingHours(rng, steps[k]!, times[k + 1]!.getTime() - gapHours * HOUR));
    }
    const first = times[0]!.getTime();
    const createdAt = roundSecond(origin === 'form' ? first - 60_000 : first);
    // A few stars on leads someone is actively chasing.
    const starred =
      (index === 1 && ['waiting', 'quoted', 'clarifying', 'contacted'].includes(status)) ||
      (status === 'converted' && index === 0);
    return { status, origin, steps, times, createdAt, withProposal, starred, importPlan };
  });
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
