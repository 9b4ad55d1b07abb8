import { DEFAULT_LIST_STATUSES, type HiddenMatches } from '#shared/schemas/leads.ts';
import { EMAIL_SOURCES, LEAD_STATUSES, type EmailSource, type LeadStatus } from '#shared/leads/status.ts';

/** What the list asks the server for: it searches, filters, orders and pages (ADR 012). */
export interface LeadListFilters {
  search: string;
  statuses: LeadStatus[];
  sources: EmailSource[];
  lateOnly: boolean;
  /** The 'My leads' preset (ADR 065): only leads the signed-in user owns. */
  mine?: boolean;
}

export const DEFAULT_FILTERS: LeadListFilters = {
  search: '',
  statuses: [...DEFAULT_LIST_STATUSES],
  sources: [...EMAIL_SOURCES],
  lateOnly: false,
};

/** Canonical order and no repeats, so equal selections make equal query keys and URLs. */
export const normalizeStatuses = (statuses: readonly string[]): LeadStatus[] =>
  LEAD_STATUSES.filter((s) => statuses.includes(s));
export const normalizeSources = (sources: readonly string[]): EmailSource[] =>
  EMAIL_SOURCES.filter((s) => sources.includes(s));

export type PresetId = 'active' | 'waiting' | 'follow-up';

export interface Preset {
  id: PresetId;
  label: string;
  statuses: readonly LeadStatus[];
  lateOnly: boolean;
}

/** Active = the five default statuses, late off; Waiting for us = requested + waiting; Follow Up = quoted, clarifying, contacted with late on. */
export const PRESETS: readonly Preset[] = [
  { id: 'active', label: 'Active', statuses: DEFAULT_LIST_STATUSES, lateOnly: false },
  { id: 'waiting', label: 'Waiting for us', statuses: ['requested', 'waiting'], lateOnly: false },
  { id: 'follow-up', label: 'Follow Up', statuses: ['quoted', 'clarifying', 'contacted'], lateOnly: true },
];

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The preset the status and late filters currently equal, if any (search and source do not count). */
export function activePreset(filters: Pick<LeadListFilters, 'statuses' | 'lateOnly'>): PresetId | null {
  const match = PRESETS.find((p) => p.lateOnly === filters.lateOnly && sameSet(p.statuses, filters.statuses));
  return match?.id ?? null;
}

/** Choosing a preset sets statuses and the late filter; choosing the one already active resets to Active. */
export function applyPreset(filters: LeadListFilters, id: PresetId): LeadListFilters {
  const target = activePreset(filters) === id ? PRESETS[0]! : PRESETS.find((p) => p.id === id)!;
  return { ...filters, statuses: [...target.statuses], lateOnly: target.lateOnly };
}

/** The filters a banner reason names, in display order. */
const REASONS = [
  { key: 'byStatus', name: 'status' },
  { key: 'bySource', name: 'source' },
  { key: 'byLate', name: 'late only' },
] as const satisfies readonly { key: keyof HiddenMatches; name: string }[];

/**
 * The banner under a search: '3 more leads match "silva" but are hidden by filters: status (2),
 * late only (1)'. Null when nothing is hidden (or there is no search).
 */
export function hiddenMatchesText(
  hidden: HiddenMatches | null | undefined,
  search: string,
  capped = false,
): string | null {
  if (!hidden || hidden.total <= 0 || !search.trim()) return null;
  // Past the server's count cap the figures are lower bounds: '300+'.
  const n = (count: number) => `${count}${capped ? '+' : ''}`;
  const reasons = REASONS.filter((r) => hidden[r.key] > 0).map((r) => `${r.name} (${n(hidden[r.key])})`);
  const head = hidden.total === 1 && !capped ? '1 more lead matches' : `${n(hidden.total)} more leads match`;
  return `${head} "${search.trim()}" but ${hidden.total === 1 && !capped ? 'is' : 'are'} hidden by filters${reasons.length ? `: ${reasons.join(', ')}` : ''}`;
}

/** 'Show them': lifts every filter that hides at least one match (all statuses, both sources, late off). */
export function revealHiddenMatches(filters: LeadListFilters, hidden: HiddenMatches): LeadListFilters {
  return {
    ...filters,
    statuses: hidden.byStatus > 0 ? [...LEAD_STATUSES] : filters.statuses,
    sources: hidden.bySource > 0 ? [...EMAIL_SOURCES] : filters.sources,
    lateOnly: hidden.byLate > 0 ? false : filters.lateOnly,
  };
}

/** The query string of GET /api/leads and /api/leads/export.csv for these filters (status and source always sent). */
export function filterSearchParams(filters: LeadListFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  params.set('status', normalizeStatuses(filters.statuses).join(','));
  params.set('source', normalizeSources(filters.sources).join(','));
  if (filters.lateOnly) params.set('late', 'true');
  if (filters.mine) params.set('owner', 'me');
  return params;
}
