/**
 * The customer's tracking page /acompanhar/{publicId} (Portuguese): which stages of the import's
 * sequence were reached and when, from its status history. Shared by the server (the API answer)
 * and the page.
 */
import { IMPORT_STATUSES, type ImportStatus } from './status.ts';

/** The eight stages of the sequence, in order (canceled is outside it). */
export const IMPORT_STAGE_SEQUENCE = IMPORT_STATUSES.filter((s) => s !== 'canceled') as Exclude<
  ImportStatus,
  'canceled'
>[];

export const TRACKING_PATH_PREFIX = '/acompanhar';
export const trackingPath = (publicId: string) => `${TRACKING_PATH_PREFIX}/${encodeURIComponent(publicId)}`;

/** Stage names the customer reads. */
export const IMPORT_STATUS_LABELS_PT: Record<ImportStatus, string> = {
  confirmed: 'Confirmada',
  handling_paperwork: 'Documentação em curso',
  waiting_transport: 'A aguardar transporte',
  in_transit: 'Em trânsito',
  arrived: 'Chegou a Portugal',
  inspected: 'Inspecionada',
  legalized: 'Legalizada',
  delivered: 'Entregue',
  canceled: 'Cancelada',
};

export interface StatusChange {
  status: ImportStatus;
  /** ISO instant. */
  changedAt: string;
}

export interface ReachedStage {
  status: ImportStatus;
  /** When the import last entered this stage, or null when it was skipped (a jump ahead). */
  reachedAt: string | null;
}

/**
 * The stages of the sequence up to the current one (all of them reached), each with the last time
 * the history shows it entered (null when skipped). A canceled import shows the
 * stages it had reached before, then canceled.
 */
export function reachedStages(current: ImportStatus, history: readonly StatusChange[]): ReachedStage[] {
  const ordered = [...history].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
  const lastEntered = new Map<ImportStatus, string>();
  for (const change of ordered) lastEntered.set(change.status, change.changedAt);
  let upTo: ImportStatus = current;
  if (current === 'canceled') {
    // The furthest stage entered before the cancellation.
    const cancelledAt = lastEntered.get('canceled') ?? '9999';
    const before = ordered.filter((c) => c.status !== 'canceled' && c.changedAt <= cancelledAt).at(-1);
    upTo = before?.status ?? 'confirmed';
  }
  const index = IMPORT_STAGE_SEQUENCE.indexOf(upTo as (typeof IMPORT_STAGE_SEQUENCE)[number]);
  const stages: ReachedStage[] = IMPORT_STAGE_SEQUENCE.slice(0, index + 1).map((status) => ({
    status,
    reachedAt: lastEntered.get(status) ?? null,
  }));
  if (current === 'canceled') stages.push({ status: 'canceled', reachedAt: lastEntered.get('canceled') ?? null });
  return stages;
}

const DAY_MS = 86_400_000;

/** Whole days since the import entered its current stage (0 on the day it did). */
export const daysInStage = (statusChangedAt: string | Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(statusChangedAt).getTime()) / DAY_MS));

/** '12 de dezembro de 2026' for a calendar date, YYYY-MM-DD (no time zone shifts it; ADR 068). */
export function portugueseDate(ymd: string): string {
  return new Date(`${ymd}T12:00:00Z`).toLocaleDateString('pt-PT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
