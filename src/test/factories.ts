// Test data in one place (as outline/outline's server/test/factories.ts): each build* answers values
// that are valid by default and overridable per test; each insert* writes them through the owning
// module's repository and answers the row. References, usernames and e-mails are unique per process.
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#server/db/client.ts';
import { insertLead as insertLeadRow, type LeadRow, type NewLeadRow } from '#server/modules/leads/leads.repository.ts';
import {
  insertProposal as insertProposalRow,
  type NewProposalRow,
  type ProposalRow,
} from '#server/modules/proposals/proposals.repository.ts';
import { insertEntry, type NewTimelineRow, type TimelineRow } from '#server/modules/timeline/timeline.repository.ts';
import { insertUser as insertUserRow, type NewUserRow, type UserRow } from '#server/modules/users/users.repository.ts';

let sequence = 0;

/** `prefix` + process id + a counter: never the same twice in a run, whichever worker asks. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid}x${sequence}`;
}

/** A lead row's values: a requested Fiat Panda from the geral mailbox, no contact details. */
export function buildLead(overrides: Partial<NewLeadRow> = {}): NewLeadRow {
  return { reference: unique('T'), firstName: 'Ana', vehicleMake: 'Fiat', vehicleModel: 'Panda', ...overrides };
}

/** Inserts a lead through the leads repository (so phone_normalized follows the phone). */
export function insertLead(db: DbOrTx, overrides: Partial<NewLeadRow> = {}): Promise<LeadRow> {
  return insertLeadRow(db, buildLead(overrides));
}

/** A proposal row's values: a fresh public id and a car; attached to no lead unless `leadId` is given. */
export function buildProposal(overrides: Partial<NewProposalRow> = {}): NewProposalRow {
  return { publicId: randomUUID(), vehicleBrand: 'Fiat', vehicleModel: '500', ...overrides };
}

export function insertProposal(db: DbOrTx, overrides: Partial<NewProposalRow> = {}): Promise<ProposalRow> {
  return insertProposalRow(db, buildProposal(overrides));
}

/** A timeline entry's values on `leadId`: a chat note unless told otherwise. */
export function buildTimelineEntry(overrides: Partial<NewTimelineRow> & { leadId: number }): NewTimelineRow {
  return { type: 'chat', description: 'Talked about the car', ...overrides };
}

/** Inserts an entry as it is; lastInteractionAt is not recomputed (the timeline service does that). */
export function insertTimelineEntry(
  db: DbOrTx,
  overrides: Partial<NewTimelineRow> & { leadId: number },
): Promise<TimelineRow> {
  return insertEntry(db, buildTimelineEntry(overrides));
}

/** Not a password hash: such a user cannot sign in (createTestApp's createUser stores a real one). */
export const UNUSABLE_PASSWORD = 'not-a-password-hash';

/** A staff user's values: role user, e-mail from the username, no name. */
export function buildUser(overrides: Partial<NewUserRow> = {}): NewUserRow {
  const username = overrides.username ?? unique('user');
  return {
    ...overrides,
    username,
    password: overrides.password ?? UNUSABLE_PASSWORD,
    role: overrides.role ?? 'user',
    email: overrides.email === undefined ? `${username}@example.pt` : overrides.email,
    firstName: overrides.firstName ?? null,
  };
}

export function insertUser(db: DbOrTx, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  return insertUserRow(db, buildUser(overrides));
}
