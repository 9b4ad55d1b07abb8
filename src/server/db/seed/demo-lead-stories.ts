// The story of each demo lead in time (demo-leads.ts fills in the person, the car and the texts):
// how many leads of each status, which steps each one went through, and when, in waking hours.
import { importCreatedAt } from './demo-imports.ts';
import type { LeadPlanInput, LeadStatus, PlannedLead } from './demo-leads.ts';
import type { Step } from './demo-timeline.ts';
import type { Rng } from './prng.ts';

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
export const roundSecond = (t: number): Date => new Date(Math.round(t / 1000) * 1000);

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

export interface Skeleton {
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

export function skeletons(rng: Rng, input: LeadPlanInput): Skeleton[] {
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
