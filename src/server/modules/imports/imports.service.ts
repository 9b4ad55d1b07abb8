import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { imports } from '#server/db/schema/imports.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { updateVersioned } from '#server/lib/versioned.ts';
import type { EventHub } from '#server/realtime/hub.ts';
import { IMPORT_PROGRESS, type ImportStatus } from '#shared/imports/status.ts';
import { reachedStages } from '#shared/imports/tracking.ts';
import {
  IMPORT_MESSAGES,
  IMPORTS_PAGE_SIZE,
  type Import,
  type ImportCreate,
  type ImportListQuery,
  type ImportListResponse,
  type ImportUpdate,
  type TrackingResponse,
} from '#shared/schemas/imports.ts';
import { convertLeadToImport, lockLeadForConversion } from '#server/modules/leads/leads.api.ts';
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts';
import { findProposalLink } from '#server/modules/proposals/proposals.api.ts';
import type { SettingsService } from '#server/modules/settings/settings.service.ts';
import { costsOfImport } from './import-costs.repository.ts';
import { toImport, toListItem } from './import-views.ts';
import { decodeCursor, encodeCursor, toListFilter } from './imports-list.ts';
import * as repo from './imports.repository.ts';

export const IMPORT_RECORD = { record: 'import', notFoundMessage: IMPORT_MESSAGES.importNotFound };
export const TRACKING_NOT_FOUND = 'Importação não encontrada';

export interface Staff {
  id: number;
}

/**
 * Imports: created by hand or from a lead (its conversion, ADR 023), read, edited with versions
 * (ADR 022), moved through their stages with a dated history, listed and exported; and the
 * customer's tracking data.
 */
export function createImportsService(deps: {
  db: Db;
  hub: EventHub;
  clock: Clock;
  notifications: NotificationsService;
  settings: SettingsService;
  log?: FastifyBaseLogger;
}) {
  const { db, hub, clock, notifications, settings, log } = deps;

  const published = (type: 'import_created' | 'import_updated', importId: number, byUserId: number) =>
    hub.publish({ type, data: { importId, byUserId }, audience: { kind: 'staff' } });

  async function get(id: number): Promise<Import> {
    const detail = await repo.findImportDetail(db, id);
    if (!detail) throw notFound(IMPORT_MESSAGES.importNotFound);
    const [history, costs] = await Promise.all([repo.statusHistory(db, id), costsOfImport(db, id)]);
    return toImport(detail, history, costs, clock.now());
  }

  /** The proposal an import comes from: it must exist and, with a lead, be that lead's. */
  async function checkProposal(tx: Parameters<typeof findProposalLink>[0], proposalId: number, leadId: number | null) {
    const proposal = await findProposalLink(tx, proposalId);
    if (!proposal)
      throw new AppError('VALIDATION', IMPORT_MESSAGES.proposalNotFound, {
        proposalId: IMPORT_MESSAGES.proposalNotFound,
      });
    if (leadId !== null && proposal.leadId !== leadId) {
      const message = IMPORT_MESSAGES.proposalOfOtherLead;
      throw new AppError('VALIDATION', message, { proposalId: message });
    }
  }

  return {
    get,

    /**
     * 'Create New Import' and 'Create Import from Lead': the import, its first stage in the history
     * and, with a lead, the lead's conversion (status converted, a timeline entry), in one
     * transaction; then the other staff are notified and open screens refresh.
     */
    async create(input: ImportCreate, user: Staff): Promise<Import> {
      const now = clock.now();
      const { leadId = null, proposalId = null, ...fields } = input;
      const created = await db.transaction(async (tx) => {
        const lead = leadId === null ? null : await lockLeadForConversion(tx, leadId);
        if (leadId !== null && !lead) throw notFound(IMPORT_MESSAGES.leadNotFound);
        if (proposalId !== null) await checkProposal(tx, proposalId, leadId);
        const row = await repo.insertImport(tx, {
          ...fields,
          leadId,
          proposalId,
          status: 'confirmed',
          statusChangedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertStatusChange(tx, {
          importId: row.id,
          status: 'confirmed',
          changedAt: now,
          changedBy: user.id,
        });
        if (lead) {
          await convertLeadToImport(tx, {
            leadId: lead.id,
            previousStatus: lead.status,
            importId: row.id,
            vehicle: `${row.vehicleMake} ${row.vehicleModel}`,
            byUserId: user.id,
            at: now,
          });
        }
        return row;
      });
      try {
        await notifications.notify({
          type: 'new_import',
          title: 'New import',
          message: `Import #${created.id}: ${created.vehicleMake} ${created.vehicleModel} for ${created.clientName}`,
          relatedId: created.id,
          relatedType: 'import',
          createdBy: user.id,
        });
      } catch (err) {
        // The import is saved; a failed notification must not make anyone enter it again.
        log?.error({ err, importId: created.id }, 'could not notify staff of a new import');
      }
      published('import_created', created.id, user.id);
      if (leadId !== null)
        hub.publish({ type: 'lead_updated', data: { leadId, byUserId: user.id }, audience: { kind: 'staff' } });
      return get(created.id);
    },

    /**
     * Any subset of the fields; a new status is recorded in the history with its time and user.
     * With `expected`, a write based on an older version answers 409 STALE_VERSION.
     */
    async update(id: number, input: ImportUpdate, expected: number | null, user: Staff): Promise<Import> {
      const now = clock.now();
      const { version: _version, ...set } = input;
      await db.transaction(async (tx) => {
        const current = await repo.lockImport(tx, id);
        if (!current) throw notFound(IMPORT_MESSAGES.importNotFound);
        const moved = input.status !== undefined && input.status !== current.status;
        await updateVersioned(
          tx,
          imports,
          id,
          expected,
          { ...set, updatedAt: now, ...(moved ? { statusChangedAt: now } : {}) },
          IMPORT_RECORD,
        );
        if (moved)
          await repo.insertStatusChange(tx, {
            importId: id,
            status: input.status!,
            changedAt: now,
            changedBy: user.id,
          });
      });
      published('import_updated', id, user.id);
      return get(id);
    },

    async list(query: ImportListQuery): Promise<ImportListResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const limit = query.limit ?? IMPORTS_PAGE_SIZE;
      const filter = toListFilter(query);
      // Side by side on PostgreSQL's pool; one after the other on PGlite's single connection.
      const [rows, total] = await Promise.all([
        repo.listPage(db, filter, after, limit + 1),
        repo.countMatches(db, filter),
      ]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        items: shown.map(toListItem),
        total,
        nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.exactCreatedAt, id: last.id }) : null,
      };
    },

    /** Every matching import in list order, `batchSize` at a time (keyset: no offset). */
    async *exportRows(query: Pick<ImportListQuery, 'search' | 'filter'>, batchSize = 2_000) {
      const filter = toListFilter(query);
      let after: repo.ListKey | null = null;
      for (;;) {
        const batch = await repo.listPage(db, filter, after, batchSize);
        if (batch.length) yield batch;
        if (batch.length < batchSize) return;
        const last = batch.at(-1)!;
        after = { createdAt: last.exactCreatedAt, id: last.id };
      }
    },

    /** Every cost line matching the filter, by date then id. */
    async *exportCostRows(filter: repo.CostExportFilter, batchSize = 2_000) {
      let after: { date: string; id: number } | null = null;
      for (;;) {
        const batch = await repo.costExportBatch(db, filter, after, batchSize);
        if (batch.length) yield batch;
        if (batch.length < batchSize) return;
        const last = batch.at(-1)!;
        after = { date: last.date, id: last.id };
      }
    },

    /** The customer's page: the car, the stages reached with dates, the company's contacts; nothing else. */
    async tracking(publicId: string): Promise<TrackingResponse> {
      const [row, publicSettings] = await Promise.all([repo.findForTracking(db, publicId), settings.getPublic()]);
      if (!row) throw notFound(TRACKING_NOT_FOUND);
      const status = row.status as ImportStatus;
      const history = row.history.map((h) => ({
        status: h.status as ImportStatus,
        changedAt: new Date(h.changedAt).toISOString(),
      }));
      // Imports older than the history (or without any row) entered their current stage at statusChangedAt.
      if (!history.some((h) => h.status === status))
        history.push({ status, changedAt: new Date(row.statusChangedAt).toISOString() });
      const { name, phone, email, logoUrl } = publicSettings.company;
      return {
        vehicle: { make: row.vehicleMake, model: row.vehicleModel, year: row.vehicleYear },
        status,
        progress: IMPORT_PROGRESS[status],
        stages: reachedStages(status, history),
        startedAt: new Date(row.createdAt).toISOString(),
        company: { name, phone, email, logoUrl },
        proposalPath: row.proposalPublicId ? `/proposta/${encodeURIComponent(row.proposalPublicId)}` : null,
      };
    },

    now: () => clock.now(),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
