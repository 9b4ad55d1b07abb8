import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  activePreset,
  applyPreset,
  filterSearchParams,
  hiddenMatchesText,
  normalizeStatuses,
  revealHiddenMatches,
  type LeadListFilters,
} from './filters.ts';

const base: LeadListFilters = { ...DEFAULT_FILTERS, search: 'silva', sources: ['comercial'] };

describe('presets', () => {
  it('the defaults are the Active preset: five statuses, late off', () => {
    expect(activePreset(DEFAULT_FILTERS)).toBe('active');
    expect(DEFAULT_FILTERS.statuses).toEqual(['requested', 'quoted', 'clarifying', 'waiting', 'contacted']);
  });

  it('Waiting for us = requested + waiting, late off; search and source are kept', () => {
    const next = applyPreset({ ...base, lateOnly: true }, 'waiting');
    expect(next).toEqual({ ...base, statuses: ['requested', 'waiting'], lateOnly: false });
    expect(activePreset(next)).toBe('waiting');
  });

  it('Follow Up = quoted + clarifying + contacted with the late filter on', () => {
    const next = applyPreset(base, 'follow-up');
    expect(next.statuses).toEqual(['quoted', 'clarifying', 'contacted']);
    expect(next.lateOnly).toBe(true);
    expect(activePreset(next)).toBe('follow-up');
  });

  it('clicking the active preset again resets to Active', () => {
    const waiting = applyPreset(base, 'waiting');
    expect(applyPreset(waiting, 'waiting')).toEqual({
      ...base,
      statuses: [...DEFAULT_FILTERS.statuses],
      lateOnly: false,
    });
    const followUp = applyPreset(base, 'follow-up');
    expect(activePreset(applyPreset(followUp, 'follow-up'))).toBe('active');
    // Active clicked while active stays Active.
    expect(activePreset(applyPreset(DEFAULT_FILTERS, 'active'))).toBe('active');
  });

  it('matches regardless of order; any other combination is no preset', () => {
    expect(activePreset({ statuses: ['waiting', 'requested'], lateOnly: false })).toBe('waiting');
    expect(activePreset({ statuses: ['waiting', 'requested'], lateOnly: true })).toBeNull();
    expect(activePreset({ statuses: ['quoted', 'clarifying', 'contacted'], lateOnly: false })).toBeNull();
    expect(activePreset({ statuses: [...DEFAULT_FILTERS.statuses], lateOnly: true })).toBeNull();
    expect(activePreset({ statuses: [], lateOnly: false })).toBeNull();
  });
});

describe('hidden-matches banner', () => {
  it('names each filter that hides matches, with counts', () => {
    expect(hiddenMatchesText({ total: 3, byStatus: 2, bySource: 0, byLate: 1 }, 'silva')).toBe(
      '3 more leads match "silva" but are hidden by filters: status (2), late only (1)',
    );
    expect(hiddenMatchesText({ total: 1, byStatus: 0, bySource: 1, byLate: 0 }, '  Ana ')).toBe(
      '1 more lead matches "Ana" but is hidden by filters: source (1)',
    );
  });

  it("past the server's count cap the figures read as lower bounds", () => {
    expect(hiddenMatchesText({ total: 120, byStatus: 100, bySource: 0, byLate: 20 }, 'bmw', true)).toBe(
      '120+ more leads match "bmw" but are hidden by filters: status (100+), late only (20+)',
    );
    expect(hiddenMatchesText({ total: 1, byStatus: 1, bySource: 0, byLate: 0 }, 'bmw', true)).toBe(
      '1+ more leads match "bmw" but are hidden by filters: status (1+)',
    );
  });

  it('shows nothing without a search or when nothing is hidden', () => {
    expect(hiddenMatchesText(null, 'silva')).toBeNull();
    expect(hiddenMatchesText({ total: 0, byStatus: 0, bySource: 0, byLate: 0 }, 'silva')).toBeNull();
    expect(hiddenMatchesText({ total: 2, byStatus: 2, bySource: 0, byLate: 0 }, '   ')).toBeNull();
  });

  it("'Show them' lifts exactly the filters that hide something", () => {
    const filters: LeadListFilters = { search: 'silva', statuses: ['requested'], sources: ['geral'], lateOnly: true };
    expect(revealHiddenMatches(filters, { total: 3, byStatus: 2, bySource: 0, byLate: 1 })).toEqual({
      search: 'silva',
      statuses: ['requested', 'quoted', 'clarifying', 'waiting', 'contacted', 'rejected', 'converted'],
      sources: ['geral'],
      lateOnly: false,
    });
    expect(revealHiddenMatches(filters, { total: 1, byStatus: 0, bySource: 1, byLate: 0 })).toEqual({
      ...filters,
      sources: ['geral', 'comercial'],
    });
  });
});

describe('query string', () => {
  it('always sends status and source (canonical order), the trimmed search and late only when on', () => {
    const params = filterSearchParams({
      search: '  BMW x5 ',
      statuses: ['waiting', 'requested'],
      sources: ['comercial', 'geral'],
      lateOnly: true,
    });
    expect(params.toString()).toBe('search=BMW+x5&status=requested%2Cwaiting&source=geral%2Ccomercial&late=true');
    expect(filterSearchParams({ ...DEFAULT_FILTERS, statuses: [] }).toString()).toBe(
      'status=&source=geral%2Ccomercial',
    );
  });

  it('drops unknown or repeated statuses', () => {
    expect(normalizeStatuses(['converted', 'nope', 'requested', 'requested'])).toEqual(['requested', 'converted']);
  });
});
