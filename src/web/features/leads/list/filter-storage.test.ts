import { beforeEach, describe, expect, it } from 'vitest';
import {
  SESSION_KEY,
  SOURCE_KEY,
  clearSessionFilters,
  keepsFilters,
  loadFilters,
  saveFilters,
} from './filter-storage.ts';
import { DEFAULT_FILTERS } from './filters.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('filter storage', () => {
  it('starts from the defaults', () => {
    expect(loadFilters()).toEqual(DEFAULT_FILTERS);
  });

  it('keeps search, statuses and late in the session and the source in local storage', () => {
    saveFilters({ search: 'silva', statuses: ['waiting', 'requested'], sources: ['comercial'], lateOnly: true });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).toEqual({
      search: 'silva',
      statuses: ['requested', 'waiting'],
      lateOnly: true,
    });
    expect(JSON.parse(localStorage.getItem(SOURCE_KEY)!)).toEqual(['comercial']);
    expect(loadFilters()).toEqual({
      search: 'silva',
      statuses: ['requested', 'waiting'],
      sources: ['comercial'],
      lateOnly: true,
    });
  });

  it('clearing the session part keeps the source filter', () => {
    saveFilters({ search: 'silva', statuses: ['requested'], sources: ['geral'], lateOnly: true });
    clearSessionFilters();
    expect(loadFilters()).toEqual({ ...DEFAULT_FILTERS, sources: ['geral'] });
  });

  it('ignores malformed values part by part', () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ search: 4, statuses: ['quoted', 'bogus'], lateOnly: 'yes' }));
    localStorage.setItem(SOURCE_KEY, '{not json');
    expect(loadFilters()).toEqual({ ...DEFAULT_FILTERS, statuses: ['quoted'] });
    // An empty selection is a real choice (it shows nothing), not a malformed value.
    saveFilters({ ...DEFAULT_FILTERS, statuses: [], sources: [] });
    expect(loadFilters()).toEqual({ ...DEFAULT_FILTERS, statuses: [], sources: [] });
  });

  it('keeps the filters only on the list and lead details', () => {
    expect(keepsFilters('/admin/leads')).toBe(true);
    expect(keepsFilters('/admin/leads/')).toBe(true);
    expect(keepsFilters('/admin/leads/42')).toBe(true);
    expect(keepsFilters('/admin')).toBe(false);
    expect(keepsFilters('/admin/imports/42')).toBe(false);
    expect(keepsFilters('/admin/leads/42/edit')).toBe(false);
  });
});
