/**
 * A new lead from a person's e-mail (ADR 025, 063, 065, 070): the leads module decides its
 * reference, name, status and inbox place; the mailbox sync only says what the e-mail carried.
 * Runs inside the sync's own transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { leads } from '#server/db/schema/leads.ts';
import type { FuelType, Transmission } from '#shared/vocabulary.ts';
import { insertLead, nextLeadReference, type LeadRow } from '../leads.repository.ts';
import { splitName } from './lead-from-quote.ts';

export interface LeadFromEmail {
  /** The sender: a display name (may be empty) and the address. */
  from: { name: string | null; address: string };
  /** A reference the e-mail carries (or Import by reference asks for): kept unless a lead has it. */
  carriedReference: string | null;
  phone: string | null;
  /** The car fields the e-mail names (ADR 063); unknown ones empty. */
  vehicle: {
    vehicleMake: string;
    vehicleModel: string;
    vehicleYear: number | null;
    fuelType: FuelType | null;
    transmission: Transmission | null;
    budget: string | null;
    vehicleLink: string | null;
  };
  mailbox: 'geral' | 'comercial';
  receivedAt: Date;
  now: Date;
}

async function referenceTaken(tx: DbOrTx, reference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(sql`upper(${leads.reference}) = ${reference.toUpperCase()}`)
    .limit(1);
  return !!row;
}

export async function createLeadFromEmail(tx: DbOrTx, input: LeadFromEmail): Promise<LeadRow> {
  const { from, now } = input;
  const named =
    from.name && !from.name.includes('@') ? splitName(from.name) : splitName(from.address.split('@')[0] ?? '');
  const carried = input.carriedReference;
  const reference = carried && !(await referenceTaken(tx, carried)) ? carried : await nextLeadReference(tx);
  return insertLead(tx, {
    reference,
    firstName: named.firstName || from.address,
    lastName: named.lastName,
    email: from.address.slice(0, 255),
    phone: input.phone?.slice(0, 50) ?? null,
    ...input.vehicle,
    status: 'requested',
    emailSource: input.mailbox,
    origin: 'email',
    manual: false,
    createdAt: now,
    updatedAt: now,
    lastInteractionAt: input.receivedAt,
    // The customer's first e-mail waits for an answer in the inbox (ADR 065).
    inboxSince: input.receivedAt,
    inboxAt: input.receivedAt,
    inboxMailbox: input.mailbox,
  });
}
