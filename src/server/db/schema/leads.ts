import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, money15, updatedAt, version } from './columns.ts';

/** Generated lead references are 'L' + this number (ADR 008): short enough to read out on the phone. */
export const leadReferenceSeq = pgSequence('lead_reference_seq', { startWith: 10001 });

export const leads = pgTable(
  'leads',
  {
    id: serial().primaryKey(),
    reference: varchar({ length: 50 }).notNull().unique(),
    firstName: varchar({ length: 100 }).notNull(),
    lastName: varchar({ length: 100 }),
    email: varchar({ length: 255 }),
    phone: varchar({ length: 50 }),
    /** The phone in international form (src/shared/phone.ts), kept by the leads module: duplicates compare it. */
    phoneNormalized: varchar({ length: 30 }),
    vehicleMake: varchar({ length: 100 }).notNull(),
    vehicleModel: varchar({ length: 100 }).notNull(),
    vehicleYear: integer(),
    budget: money15(),
    /** The budget the customer stated when the lead arrived (form, e-mail or staff's entry); editing `budget` keeps it. */
    requestedBudget: money15(),
    mileage: integer(),
    transmission: varchar({ length: 20 }),
    fuelType: varchar({ length: 30 }),
    vehicleLink: text(),
    notes: text(),
    status: varchar({ length: 20 }).notNull().default('requested'),
    quotedAmount: money15(),
    /** Why the lead was rejected (ADR 067): one of LOST_REASONS; null for leads never rejected or rejected before it existed. */
    lostReason: varchar({ length: 20 }),
    /** The staff member's words for reason 'other' (optional detail for the others). */
    lostReasonText: text(),
    starred: boolean().notNull().default(false),
    manual: boolean().notNull().default(false),
    emailSource: varchar({ length: 20 }).notNull().default('geral'),
    /** How the lead arrived: form, email or manual. */
    origin: varchar({ length: 20 }).notNull().default('manual'),
    utmSource: varchar({ length: 100 }),
    assignedTo: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * A customer's e-mail came in that no staff member has opened yet (docs/rulings.md ruling 21);
     * cleared when staff open the lead.
     */
    staffUnread: boolean().notNull().default(false),
    /** Inbox (ADR 065): the customer's first e-mail not yet answered; null when nothing waits for us. */
    inboxSince: timestamp({ withTimezone: true }),
    /** Inbox order (ADR 065): the customer's latest unanswered e-mail. */
    inboxAt: timestamp({ withTimezone: true }),
    /** The mailbox (geral, comercial) the customer's latest unanswered e-mail arrived in. */
    inboxMailbox: varchar({ length: 20 }),
    /** Time of the latest timeline entry, or creation when there is none (kept by the timeline module). */
    lastInteractionAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Lower-cased text the leads search matches (trigram-indexed). */
    searchText: text().generatedAlwaysAs(
      (): SQL =>
        sql`lower(${leads.reference} || ' ' || ${leads.firstName} || ' ' || coalesce(${leads.lastName}, '') || ' ' || coalesce(${leads.email}, '') || ' ' || ${leads.vehicleMake} || ' ' || ${leads.vehicleModel})`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** ADR 022: bumped by every change to a field staff edit (not by timeline, mail, star or seen). */
    version: version(),
  },
  (t) => [
    check(
      'leads_status_check',
      sql`${t.status} in ('requested', 'quoted', 'clarifying', 'waiting', 'contacted', 'rejected', 'converted')`,
    ),
    check(
      'leads_lost_reason_check',
      sql`${t.lostReason} is null or ${t.lostReason} in ('price', 'found_elsewhere', 'no_answer', 'car_sold', 'other')`,
    ),
    check('leads_email_source_check', sql`${t.emailSource} in ('geral', 'comercial')`),
    index('leads_status_last_interaction_idx').on(t.status, t.lastInteractionAt.desc()),
    index('leads_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('leads_email_lower_idx').on(sql`lower(${t.email})`),
    index('leads_phone_normalized_idx').on(t.phoneNormalized),
    // The dashboard's period figures (ADR 069): every lead column they read after the creation
    // instant, so counts per week, source, status and lost reason are index-only range scans;
    // scanned backwards it is also the newest-first order (created_at desc, id desc).
    index('leads_created_figures_idx').on(
      t.createdAt,
      t.id,
      t.status,
      t.origin,
      t.emailSource,
      t.quotedAmount,
      t.lostReason,
      t.utmSource,
    ),
    // Leads list (ADR 012): the whole keyset order (NULLS FIRST is what a plain ORDER BY ... DESC
    // means), so a page is a short index walk whatever the ties, followed by what the list filters
    // on, so a search finds its page's ids in the index alone (index-only scan) without reading the
    // rows it skips.
    index('leads_list_walk_idx').on(
      t.starred.desc().nullsFirst(),
      t.lastInteractionAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.emailSource,
      t.searchText,
    ),
    // Status, source and last interaction together for index-only counts of the list's filters;
    // owner and amounts after them so the pipeline board's per-status count and € totals are an
    // index-only aggregate too (ADR 069; trailing key columns, as drizzle has no INCLUDE).
    index('leads_list_filter_idx').on(
      t.status,
      t.emailSource,
      t.lastInteractionAt,
      t.assignedTo,
      t.quotedAmount,
      t.budget,
    ),
    // The inbox (ADR 065): only conversations waiting for us, newest first, one short index walk.
    index('leads_inbox_idx')
      .on(t.inboxAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.inboxAt} is not null`),
    // 'My leads' (ADR 065): one owner's leads in the list order, so the page is a short walk and
    // the count reads only that owner's entries; also finds a deleted user's leads to hand over.
    index('leads_owner_walk_idx')
      .on(
        t.assignedTo,
        t.starred.desc().nullsFirst(),
        t.lastInteractionAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.status,
        t.emailSource,
      )
      .where(sql`${t.assignedTo} is not null`),
  ],
);

export const leadTimeline = pgTable(
  'lead_timeline',
  {
    id: serial().primaryKey(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    type: varchar({ length: 20 }).notNull(),
    title: text(),
    description: text(),
    /** { from, to, subject, body, isOutgoing } */
    emailData: jsonb(),
    /** { duration, outcome, followUp, threadId } */
    metadata: jsonb(),
    /** Message-ID of an imported or sent e-mail: the mailbox sync skips what it already has. */
    messageId: varchar({ length: 998 }).unique(),
    createdAt: createdAt(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** ADR 022: bumped by an edit (not by the delivery state of a sent e-mail). */
    version: version(),
  },
  (t) => [
    check('lead_timeline_type_check', sql`${t.type} in ('email', 'chat', 'call')`),
    index('lead_timeline_lead_created_idx').on(t.leadId, t.createdAt.desc()),
    // Staff replies only (the dashboard's time to first reply, ADR 069): the same predicate as
    // overview.repository.ts's firstReply, so the figure reads this small index and no e-mail body;
    // by time first, so a period reads only the replies made since it began.
    index('lead_timeline_first_reply_idx')
      .on(t.createdAt, t.leadId)
      .where(
        sql`${t.createdBy} is not null and coalesce(${t.metadata}->>'event', '') not in ('lead_lost', 'converted_to_import', 'quote_request') and (${t.type} in ('call', 'chat') or coalesce((${t.emailData}->>'isOutgoing')::boolean, false))`,
      ),
    // The customer's latest e-mail a reply threads under (send-email.repository.ts): one index
    // step whatever the lead's history, instead of walking every sent e-mail and note of the lead.
    index('lead_timeline_thread_idx')
      .on(t.leadId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(
        sql`${t.type} = 'email' and ${t.messageId} is not null and coalesce((${t.emailData}->>'isOutgoing')::boolean, false) = false and ${t.metadata}->>'event' is distinct from 'auto_reply'`,
      ),
  ],
);

export const userLeadViews = pgTable(
  'user_lead_views',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_lead_views_user_lead_unique').on(t.userId, t.leadId),
    index('user_lead_views_lead_idx').on(t.leadId),
  ],
);

/**
 * Who owns a new lead (ADR 065): one row (id 1) the admin edits in Settings. `mode` none leaves new
 * leads unassigned; round_robin takes turns among `userIds` (`lastUserId` is whose turn it was);
 * mailbox gives geral's leads to `geralUserId` and comercial's to `comercialUserId`.
 */
export const leadOwnerRule = pgTable(
  'lead_owner_rule',
  {
    id: integer().primaryKey(),
    mode: varchar({ length: 20 }).notNull().default('none'),
    userIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    lastUserId: integer(),
    geralUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    comercialUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [check('lead_owner_rule_mode_check', sql`${t.mode} in ('none', 'round_robin', 'mailbox')`)],
);
