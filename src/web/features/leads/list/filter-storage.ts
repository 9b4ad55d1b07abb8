import type { EmailSource } from '#shared/leads/status.ts';
import { DEFAULT_FILTERS, normalizeSources, normalizeStatuses, type LeadListFilters } from './filters.ts';

/**
 * Search, statuses and the late filter last for the browser session (and are cleared on leaving
 * the list unless for a lead detail); the source filter lasts in local storage.
 */
export const SESSION_KEY = 'autoimport.leads.filters';
export const SOURCE_KEY = 'autoimport.leads.sources';

type SessionPart = Pick<LeadListFilters, 'search' | 'statuses' | 'lateOnly' | 'mine'>;

function read(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null; // unreadable or blocked storage: defaults
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    /* full or blocked storage: the filters still work for this page */
  }
}

const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);
const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const stringArray = (v: unknown): string[] | null =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;

/** Stored filters, each part falling back to its default when missing or malformed. */
export function loadFilters(): LeadListFilters {
  const stored = read(session(), SESSION_KEY) as Partial<Record<keyof SessionPart, unknown>> | null;
  const statuses = stringArray(stored?.statuses);
  const sources = stringArray(read(local(), SOURCE_KEY));
  return {
    search: typeof stored?.search === 'string' ? stored.search : DEFAULT_FILTERS.search,
    statuses: statuses ? normalizeStatuses(statuses) : [...DEFAULT_FILTERS.statuses],
    lateOnly: typeof stored?.lateOnly === 'boolean' ? stored.lateOnly : DEFAULT_FILTERS.lateOnly,
    sources: sources ? normalizeSources(sources) : [...DEFAULT_FILTERS.sources],
    ...(stored?.mine === true ? { mine: true } : {}),
  };
}

export function saveFilters(filters: LeadListFilters): void {
  const part: SessionPart = {
    search: filters.search,
    statuses: normalizeStatuses(filters.statuses),
    lateOnly: filters.lateOnly,
    ...(filters.mine ? { mine: true } : {}),
  };
  write(session(), SESSION_KEY, part);
  write(local(), SOURCE_KEY, normalizeSources(filters.sources) satisfies EmailSource[]);
}

/** Forgets the session part (search, statuses, late); the source filter stays. */
export function clearSessionFilters(): void {
  try {
    session()?.removeItem(SESSION_KEY);
  } catch {
    /* blocked storage: nothing was kept */
  }
}

/** The list itself or one lead's detail: the places where the session filters are kept. */
export function keepsFilters(pathname: string): boolean {
  return /^\/admin\/leads\/?$/.test(pathname) || /^\/admin\/leads\/[^/]+\/?$/.test(pathname);
}
