// The merge rules (ADR 012), pure: which lead survives and what it takes from the other.
import { normalizePhone } from '#shared/phone.ts';
import { LEAD_NOTES_MAX } from '#shared/schemas/leads.ts';
import type { LeadRow, NewLeadRow } from '../leads.repository.ts';
import { isUnknownCarText } from '#shared/leads/vehicle-text.ts';

/** Contact and vehicle fields the survivor takes from the merged lead when its own are empty. */
const FILLABLE = [
  'lastName',
  'email',
  'phone',
  'vehicleYear',
  'budget',
  'requestedBudget',
  'mileage',
  'transmission',
  'fuelType',
  'vehicleLink',
  'quotedAmount',
  'utmSource',
  'assignedTo',
] as const;

/** The survivor is the older lead by creation; a tie goes to the lower id (ADR 012). */
export function orderForMerge(a: LeadRow, b: LeadRow): { older: LeadRow; newer: LeadRow } {
  const diff = a.createdAt.getTime() - b.createdAt.getTime();
  return diff < 0 || (diff === 0 && a.id < b.id) ? { older: a, newer: b } : { older: b, newer: a };
}

/** The survivor's notes with the merged lead's appended under 'Merged from #REF', cut to the limit. */
export function mergedNotes(older: Pick<LeadRow, 'notes'>, newer: Pick<LeadRow, 'notes' | 'reference'>): string | null {
  const theirs = newer.notes?.trim();
  if (!theirs) return older.notes;
  const ours = older.notes?.trimEnd();
  const appended = `Merged from #${newer.reference}\n${theirs}`;
  return (ours ? `${ours}\n\n${appended}` : appended).slice(0, LEAD_NOTES_MAX);
}

/** Fields of the survivor to change: empty ones filled from the merged lead, never overwritten. */
export function mergedFields(older: LeadRow, newer: LeadRow): Partial<NewLeadRow> {
  const set: Partial<NewLeadRow> = {};
  const target = set as Record<string, unknown>;
  for (const key of FILLABLE) {
    const mine = older[key];
    const theirs = newer[key];
    if ((mine === null || mine === '') && theirs !== null && theirs !== '') target[key] = theirs;
  }
  if ('phone' in set) set.phoneNormalized = normalizePhone(set.phone);
  if (isUnknownCarText(older.vehicleMake) && !isUnknownCarText(newer.vehicleMake)) set.vehicleMake = newer.vehicleMake;
  if (isUnknownCarText(older.vehicleModel) && !isUnknownCarText(newer.vehicleModel))
    set.vehicleModel = newer.vehicleModel;
  if (!older.starred && newer.starred) set.starred = true;
  // A conversation waiting in the inbox keeps waiting on the survivor (ADR 065).
  if (newer.inboxAt && (!older.inboxAt || newer.inboxAt > older.inboxAt)) {
    set.inboxAt = newer.inboxAt;
    set.inboxMailbox = newer.inboxMailbox;
  }
  if (newer.inboxSince && (!older.inboxSince || newer.inboxSince < older.inboxSince)) set.inboxSince = newer.inboxSince;
  const notes = mergedNotes(older, newer);
  if (notes !== older.notes) set.notes = notes;
  return set;
}
