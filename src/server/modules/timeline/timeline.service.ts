import type { z } from 'zod';
import type { EmailData, TimelineEntry } from '#shared/schemas/timeline.ts';
import {
  TIMELINE_KIND_LABELS,
  type quickContactSchema,
  type timelineEntryInputSchema,
} from '#shared/schemas/timeline.ts';
import { classifyTimelineEntry } from '#shared/timeline/classify.ts';
import { DELETED_USER_SUFFIX } from '#shared/schemas/users.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, forbidden, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import * as repo from './timeline.repository.ts';

export const LEAD_NOT_FOUND = 'Lead not found';
export const ENTRY_NOT_FOUND = 'Timeline entry not found';
/** The record's name in the 409 of a stale write (ADR 022). */
const ENTRY_RECORD = { record: 'timeline entry', notFoundMessage: ENTRY_NOT_FOUND };
export const EMAIL_ENTRY_REFUSED = 'E-mail entries come from the company mailboxes; log a call or a chat instead';
export const EMAIL_NOT_EDITABLE = 'E-mail entries cannot be edited';
export const EMAIL_NOT_DELETABLE = 'E-mail entries cannot be deleted';
export const SYSTEM_ENTRY_LOCKED = 'This entry was written by the product and cannot be changed';
export const FUTURE_DATE = 'Date cannot be in the future';
/** A browser clock this far ahead of ours still counts as now. */
export const CLOCK_SKEW_MS = 60_000;

type EntryInput = z.output<typeof timelineEntryInputSchema>;
type QuickContact = z.output<typeof quickContactSchema>;
/** The signed-in staff member making a change: only the id is read. */
type Author = { id: number };

/** The author as shown: the name, marked when the account was deleted (ADR 029); null for the product's own entries. */
function authorName(id: number | null, name: string | null, deletedAt: Date | null): string | null {
  if (id === null || !name) return null;
  return deletedAt ? `${name}${DELETED_USER_SUFFIX}` : name;
}

export function toTimelineEntry(
  row: repo.TimelineEntryRow,
  companyAddresses: readonly string[],
  attachments: readonly repo.AttachmentRow[] = [],
): TimelineEntry {
  const type = row.type as TimelineEntry['type'];
  const stored = (row.emailData ?? null) as EmailData | null;
  const files = attachments.map(({ id, filename, contentType, size }) => ({ id, filename, contentType, size }));
  const emailData = stored && files.length > 0 ? { ...stored, attachments: files } : stored;
  const metadata = (row.metadata ?? null) as TimelineEntry['metadata'];
  const kind = classifyTimelineEntry({ type, description: row.description, emailData, metadata }, companyAddresses);
  const names = [row.createdByFirstName, row.createdByLastName].filter(Boolean).join(' ');
  const label = TIMELINE_KIND_LABELS[kind];
  // An entry the product wrote never repeats its label as its title (older rows did: 'Proposal viewed').
  const title = metadata?.event && row.title?.trim().toLowerCase() === label.toLowerCase() ? null : row.title;
  return {
    id: row.id,
    leadId: row.leadId,
    type,
    kind,
    label,
    title,
    description: row.description,
    emailData,
    metadata,
    createdAt: new Date(row.createdAt).toISOString(),
    createdBy: row.createdBy,
    createdByName: authorName(row.createdBy, names || row.createdByUsername, row.createdByDeletedAt),
    editable: type !== 'email' && !metadata?.event,
    version: row.version,
  };
}

export function createTimelineService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  settings: Pick<SettingsService, 'mailboxAddresses'>;
}) {
  const { db, hub, clock, settings } = deps;

  const changed = (leadId: number, byUserId: number) =>
    hub.publish({ type: 'lead_updated', data: { leadId, byUserId }, audience: { kind: 'staff' } });

  async function answer(id: number): Promise<TimelineEntry> {
    const row = await repo.findEntry(db, id);
    if (!row) throw notFound(ENTRY_NOT_FOUND);
    const files = row.type === 'email' ? await repo.attachmentsOf(db, [row.id]) : [];
    return toTimelineEntry(row, await settings.mailboxAddresses(), files);
  }

  /** When the contact happened: now unless given; never in the future (a little browser skew is now). */
  function contactTime(given: string | undefined): Date {
    const now = clock.now();
    if (given === undefined) return now;
    const at = new Date(given);
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw new AppError('VALIDATION', FUTURE_DATE, { createdAt: FUTURE_DATE });
    return at.getTime() > now.getTime() ? now : at;
  }

  /** A change to one lead's timeline, then its lastInteractionAt, in one transaction. */
  async function write<T>(leadId: number, byUserId: number, change: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const value = await change(tx);
      await repo.recomputeLastInteraction(tx, leadId);
      return value;
    });
    changed(leadId, byUserId);
    return result;
  }

  async function add(
    leadId: number,
    values: Omit<repo.NewTimelineRow, 'leadId'>,
    user: Author,
  ): Promise<TimelineEntry> {
    const row = await write(leadId, user.id, async (tx) => {
      if (!(await repo.leadExists(tx, leadId))) throw notFound(LEAD_NOT_FOUND);
      return repo.insertEntry(tx, { ...values, leadId });
    });
    return answer(row.id);
  }

  async function editableEntry(id: number, refusal: string) {
    const entry = await repo.findEntry(db, id);
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    if (entry.type === 'email') throw forbidden(refusal);
    if ((entry.metadata as TimelineEntry['metadata'])?.event) throw forbidden(SYSTEM_ENTRY_LOCKED);
    return entry;
  }

  const refuseEmail = (input: { type: string }) => {
    if (input.type === 'email') throw new AppError('VALIDATION', EMAIL_ENTRY_REFUSED, { type: EMAIL_ENTRY_REFUSED });
  };

  return {
    /** Newest first, each classified with the company's mailbox addresses. */
    async list(leadId: number): Promise<TimelineEntry[]> {
      if (!(await repo.leadExists(db, leadId))) throw notFound(LEAD_NOT_FOUND);
      const [rows, addresses] = await Promise.all([repo.listEntries(db, leadId), settings.mailboxAddresses()]);
      // One query for the attachments of every received e-mail on the lead (listed, never their bytes).
      const files = await repo.attachmentsOf(
        db,
        rows.filter((r) => r.type === 'email').map((r) => r.id),
      );
      const byEntry = new Map<number, repo.AttachmentRow[]>();
      for (const f of files) byEntry.set(f.timelineId, [...(byEntry.get(f.timelineId) ?? []), f]);
      return rows.map((row) => toTimelineEntry(row, addresses, byEntry.get(row.id)));
    },

    /** A call or chat logged by staff (e-mails come from the mail integration). */
    async create(leadId: number, input: EntryInput, user: Author): Promise<TimelineEntry> {
      refuseEmail(input);
      return add(
        leadId,
        {
          type: input.type,
          title: input.title ?? null,
          description: input.description ?? null,
          metadata: input.metadata ?? null,
          createdAt: contactTime(input.createdAt),
          createdBy: user.id,
        },
        user,
      );
    },

    /** Edits a call or chat; metadata and time stay as they were unless sent. */
    /** A stored entry as the API returns it (PUT fills omitted fields from it); undefined when none. */
    async stored(id: number): Promise<TimelineEntry | undefined> {
      return (await repo.findEntry(db, id)) ? answer(id) : undefined;
    },

    /**
     * With `expected` (the version the client read) an entry changed since answers 409 and nothing
     * is written (ADR 022). The lead's own version stays: its last interaction is not a field staff edit.
     */
    async update(id: number, input: EntryInput, expected: number | null, user: Author): Promise<TimelineEntry> {
      const entry = await editableEntry(id, EMAIL_NOT_EDITABLE);
      refuseEmail(input);
      await write(entry.leadId, user.id, async (tx) => {
        const row = await repo.updateEntry(
          tx,
          id,
          {
            type: input.type,
            title: input.title ?? null,
            description: input.description ?? null,
            ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
            ...(input.createdAt !== undefined ? { createdAt: contactTime(input.createdAt) } : {}),
          },
          expected,
        );
        if (!row) throw await repo.missedEntryWrite(tx, id, ENTRY_RECORD);
      });
      return answer(id);
    },

    async remove(id: number, expected: number | null, user: Author): Promise<void> {
      const entry = await editableEntry(id, EMAIL_NOT_DELETABLE);
      await write(entry.leadId, user.id, async (tx) => {
        if (!(await repo.deleteEntry(tx, id, expected))) throw await repo.missedEntryWrite(tx, id, ENTRY_RECORD);
      });
    },

    /** The quick contact log: a 'Phone Call' or 'Text/WhatsApp' entry with the notes. */
    async quickContact(leadId: number, input: QuickContact, user: Author): Promise<TimelineEntry> {
      return add(
        leadId,
        {
          type: input.type,
          title: TIMELINE_KIND_LABELS[input.type],
          description: input.notes,
          createdAt: clock.now(),
          createdBy: user.id,
        },
        user,
      );
    },
  };
}

export type TimelineService = ReturnType<typeof createTimelineService>;
