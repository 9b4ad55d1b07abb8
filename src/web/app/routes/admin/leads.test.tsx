import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY, SOURCE_KEY } from '#web/features/leads/list/filter-storage.ts';
import { stubMatchMedia } from '#test/web/dom-stubs.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLeadPage } from '#test/web/fixtures.ts';
import {
  DEFAULT_STATUS,
  setUpLeadsScreen,
  renderScreen,
  listCalls,
  lastList,
  rows,
  leadRow,
  LEADS,
} from './leads.test-helpers.tsx';

setUpLeadsScreen();

describe('Leads list', () => {
  it('asks for the default filters and shows the rows, total and attention indicators from the browser clock', async () => {
    const calls = stubFetch(() => json(buildLeadPage(LEADS, { total: 1234 })));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(screen.getByText('Manage customer inquiries and quotes')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading leads' })).toBeInTheDocument();

    await screen.findByText('Nova Lead');
    const params = lastList(calls);
    expect(Object.fromEntries(params)).toEqual({ status: DEFAULT_STATUS, source: 'geral,comercial', limit: '50' });
    expect(screen.getByTestId('leads-total')).toHaveTextContent('1,234 leads');

    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Ref',
      'Name / Email',
      'Brand',
      'Model',
      'Budget',
      'Status',
      'Source',
      'Next Step',
      'Last Interaction',
    ]);
    expect(rows()).toHaveLength(5);
    const first = within(rows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first).toEqual([
      '#L10001',
      'Nova Leadmaria@example.com',
      'BMW',
      'X5',
      '€25\u00a0000',
      'Requested',
      'Geral',
      '—',
      'Nov 22, 2026, 11:00',
    ]);

    expect(within(leadRow('Nova Lead')).getByRole('img', { name: 'New lead' })).toBeInTheDocument();
    expect(within(leadRow('Yellow')).getByRole('img', { name: 'Needs attention soon' })).toHaveAttribute(
      'data-attention',
      'late-1',
    );
    expect(within(leadRow('Orange')).getByRole('img', { name: 'Needs attention' })).toHaveAttribute(
      'data-attention',
      'late-2',
    );
    expect(within(leadRow('Red')).getByRole('img', { name: 'Urgent attention required' })).toHaveAttribute(
      'data-attention',
      'late-3',
    );
    expect(within(leadRow('Red')).getByRole('img', { name: 'Starred' })).toBeInTheDocument();
    expect(within(leadRow('Calm')).queryAllByRole('img')).toHaveLength(0);
    expect(within(leadRow('Orange')).getByText('Comercial')).toHaveAttribute('data-source', 'comercial');
    expect(within(leadRow('Orange')).getByText('Waiting for Us')).toBeInTheDocument();
    expect(within(leadRow('Calm')).getAllByRole('cell')[4]!.textContent).toBe('€1\u00a0234\u00a0568');
    expect(within(leadRow('Red')).getAllByRole('cell')[4]).toHaveTextContent('—');
  });

  it('debounces the search: one request for the settled term, kept for the session', async () => {
    const calls = stubFetch(() => json(buildLeadPage(LEADS)));
    renderScreen();
    await screen.findByText('Nova Lead');
    const box = screen.getByRole('searchbox', { name: 'Search leads' });
    fireEvent.change(box, { target: { value: 's' } });
    fireEvent.change(box, { target: { value: 'si' } });
    fireEvent.change(box, { target: { value: 'silva' } });
    await waitFor(() => expect(lastList(calls).get('search')).toBe('silva'));
    expect(listCalls(calls).map((c) => c.query.get('search'))).toEqual([null, 'silva']);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).toMatchObject({ search: 'silva' });
  });

  it('presets set statuses and the late filter, show which is active, and reset to Active when clicked again', async () => {
    const calls = stubFetch(() => json(buildLeadPage(LEADS)));
    renderScreen();
    await screen.findByText('Nova Lead');
    const preset = (name: string) => screen.getByRole('button', { name });
    const late = screen.getByRole('switch', { name: 'Show Only Late Leads' });
    expect(preset('Active')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(preset('Waiting for us'));
    expect(preset('Waiting for us')).toHaveAttribute('aria-pressed', 'true');
    expect(preset('Active')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(lastList(calls).get('status')).toBe('requested,waiting'));
    expect(late).toHaveAttribute('aria-checked', 'false');

    fireEvent.click(preset('Follow Up'));
    await waitFor(() => expect(lastList(calls).get('status')).toBe('quoted,clarifying,contacted'));
    expect(lastList(calls).get('late')).toBe('true');
    expect(late).toHaveAttribute('aria-checked', 'true');
    expect(preset('Follow Up')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(preset('Follow Up'));
    expect(preset('Active')).toHaveAttribute('aria-pressed', 'true');
    expect(late).toHaveAttribute('aria-checked', 'false');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)!)).toMatchObject({
      statuses: DEFAULT_STATUS.split(','),
      lateOnly: false,
    });

    // Turning late on by hand leaves no preset active.
    fireEvent.click(late);
    for (const name of ['Active', 'Waiting for us', 'Follow Up'])
      expect(preset(name)).toHaveAttribute('aria-pressed', 'false');
  });

  it('the status and source popovers filter; the export link carries the same filters', async () => {
    const calls = stubFetch(() => json(buildLeadPage(LEADS)));
    renderScreen();
    await screen.findByText('Nova Lead');
    fireEvent.click(screen.getByRole('button', { name: /^Status:/ }));
    const statusGroup = await screen.findByRole('group', { name: 'Status' });
    expect(
      within(statusGroup)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent),
    ).toEqual(['Requested', 'Quoted', 'Waiting for Lead', 'Waiting for Us', 'Contacted', 'Rejected', 'Converted']);
    fireEvent.click(within(statusGroup).getByRole('checkbox', { name: 'Converted' }));
    await waitFor(() => expect(lastList(calls).get('status')).toBe(`${DEFAULT_STATUS},converted`));
    fireEvent.keyDown(statusGroup, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: /^Source:/ }));
    const sourceGroup = await screen.findByRole('group', { name: 'Source' });
    fireEvent.click(within(sourceGroup).getByRole('checkbox', { name: 'Geral' }));
    await waitFor(() => expect(lastList(calls).get('source')).toBe('comercial'));
    expect(JSON.parse(localStorage.getItem(SOURCE_KEY)!)).toEqual(['comercial']);

    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('download');
    expect(exportLink).toHaveAttribute(
      'href',
      `/api/leads/export.csv?status=${encodeURIComponent(`${DEFAULT_STATUS},converted`)}&source=comercial&format=pt`,
    );
  });

  it('the banner counts hidden matches and "Show them" lifts the filters that hide them', async () => {
    const calls = stubFetch(({ query }) =>
      json(
        query.get('search')
          ? buildLeadPage(LEADS.slice(0, 1), {
              hidden: query.get('late')
                ? { total: 3, byStatus: 2, bySource: 0, byLate: 1 }
                : { total: 0, byStatus: 0, bySource: 0, byLate: 0 },
            })
          : buildLeadPage(LEADS),
      ),
    );
    renderScreen();
    await screen.findByText('Nova Lead');
    fireEvent.click(screen.getByRole('switch', { name: 'Show Only Late Leads' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search leads' }), { target: { value: 'silva' } });
    const banner = await screen.findByTestId('hidden-matches-banner');
    expect(banner).toHaveTextContent('3 more leads match "silva" but are hidden by filters: status (2), late only (1)');

    fireEvent.click(within(banner).getByRole('button', { name: 'Show them' }));
    await waitFor(() =>
      expect(lastList(calls).get('status')).toBe('requested,quoted,clarifying,waiting,contacted,rejected,converted'),
    );
    expect(lastList(calls).get('late')).toBeNull();
    expect(lastList(calls).get('search')).toBe('silva');
    await waitFor(() => expect(screen.queryByTestId('hidden-matches-banner')).toBeNull());
  });

  it('a row opens its lead by click or Enter; the filters survive a lead visit but not leaving the list', async () => {
    stubFetch(() => json(buildLeadPage(LEADS)));
    const r = renderScreen();
    await screen.findByText('Nova Lead');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search leads' }), { target: { value: 'nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Waiting for us' }));
    fireEvent.click(screen.getByRole('button', { name: /^Source:/ }));
    fireEvent.click(
      within(await screen.findByRole('group', { name: 'Source' })).getByRole('checkbox', { name: 'Geral' }),
    );

    fireEvent.click(within(leadRow('Orange')).getByText('BMW'));
    expect(await screen.findByText('Lead page 3')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/leads/3');

    await act(() => r.navigate('/admin/leads'));
    expect(await screen.findByRole('searchbox', { name: 'Search leads' })).toHaveValue('nova');
    expect(screen.getByRole('button', { name: 'Waiting for us' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(await screen.findByRole('row', { name: /Yellow/ }), { key: 'Enter' });
    expect(await screen.findByText('Lead page 2')).toBeInTheDocument();
    await act(() => r.navigate('/admin/leads'));
    await screen.findByText('Nova Lead');

    await act(() => r.navigate('/admin'));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    await act(() => r.navigate('/admin/leads'));
    expect(await screen.findByRole('searchbox', { name: 'Search leads' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Source:/ })).toHaveAccessibleName('Source: 1 of 2');
  });

  it('on phones the rows are cards that link to the lead', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    stubFetch(() => json(buildLeadPage(LEADS)));
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Leads' });
    expect(screen.queryByRole('table')).toBeNull();
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links[2]).toHaveAttribute('href', '/admin/leads/3');
    expect(links[2]).toHaveTextContent('Orange');
    expect(within(links[3]!).getByRole('img', { name: 'Urgent attention required' })).toBeInTheDocument();
    // The indicator's meaning is written on the card: a phone has no hover for its tooltip.
    expect(within(links[3]!).getByTestId('attention-text')).toHaveTextContent('Urgent attention required');
  });
});
