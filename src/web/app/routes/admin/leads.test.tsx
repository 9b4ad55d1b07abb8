import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { SESSION_KEY, SOURCE_KEY } from '#web/features/leads/list/filter-storage.ts';
import { stubIntersectionObserver, stubMatchMedia } from '#test/web/dom-stubs.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildLeadListItem, buildLeadPage } from '#test/web/fixtures.ts';
import { expectToast } from '#test/web/toasts.ts';
import { LeadsScreen } from './leads.tsx';

const NOW = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const DEFAULT_STATUS = 'requested,quoted,clarifying,waiting,contacted';

let router: ReturnType<typeof createBrowserRouter> | undefined;
let io: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  io = stubIntersectionObserver();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  act(() => dismiss());
  router?.dispose();
  router = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderScreen(path = '/admin/leads') {
  window.history.replaceState(null, '', path);
  const LeadPage = () => <p>Lead page {useParams().id}</p>;
  router = createBrowserRouter([
    { path: '/admin', element: <p>Dashboard page</p> },
    { path: '/admin/leads', element: <LeadsScreen /> },
    { path: '/admin/leads/:id', element: <LeadPage /> },
  ]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/leads');
const lastList = (calls: FetchCall[]) => listCalls(calls).at(-1)!.query;
const rows = () => screen.getAllByRole('row').slice(1);
const leadRow = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

const LEADS: LeadListItem[] = [
  buildLeadListItem({
    id: 1,
    reference: 'L10001',
    firstName: 'Nova',
    lastName: 'Lead',
    lastInteractionAt: hoursAgo(1),
    seen: false,
  }),
  buildLeadListItem({
    id: 2,
    reference: 'L10002',
    firstName: 'Yellow',
    lastName: null,
    status: 'requested',
    lastInteractionAt: hoursAgo(13),
  }),
  buildLeadListItem({
    id: 3,
    reference: 'L10003',
    firstName: 'Orange',
    status: 'waiting',
    lastInteractionAt: hoursAgo(30),
    emailSource: 'comercial',
  }),
  buildLeadListItem({
    id: 4,
    reference: 'L10004',
    firstName: 'Red',
    status: 'quoted',
    lastInteractionAt: hoursAgo(130),
    budget: null,
    starred: true,
  }),
  buildLeadListItem({
    id: 5,
    reference: 'L10005',
    firstName: 'Calm',
    status: 'contacted',
    lastInteractionAt: hoursAgo(1),
    budget: '1234567.50',
  }),
];

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
    fireEvent.click(screen.getByRole('button', { name: /^Status filter/ }));
    const statusGroup = await screen.findByRole('group', { name: 'Status' });
    expect(
      within(statusGroup)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent),
    ).toEqual(['Requested', 'Quoted', 'Waiting for Lead', 'Waiting for Us', 'Contacted', 'Rejected', 'Converted']);
    fireEvent.click(within(statusGroup).getByRole('checkbox', { name: 'Converted' }));
    await waitFor(() => expect(lastList(calls).get('status')).toBe(`${DEFAULT_STATUS},converted`));
    fireEvent.keyDown(statusGroup, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: /^Source filter/ }));
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
    fireEvent.click(screen.getByRole('button', { name: /^Source filter/ }));
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
    expect(screen.getByRole('button', { name: /^Source filter/ })).toHaveAccessibleName('Source filter: 1 of 2');
  });

  it('loads the next page when the end of the list comes near, following the cursor', async () => {
    const second = Array.from({ length: 3 }, (_, i) =>
      buildLeadListItem({ id: 100 + i, reference: `L2${i}`, firstName: `Page2-${i}` }),
    );
    const calls = stubFetch(({ query }) =>
      json(
        query.get('cursor') === 'c1'
          ? buildLeadPage(second, { total: 8 })
          : buildLeadPage(LEADS, { total: 8, nextCursor: 'c1' }),
      ),
    );
    renderScreen();
    await screen.findByText('Nova Lead');
    expect(listCalls(calls)).toHaveLength(1);
    act(() => io.intersect());
    expect(await screen.findByText('Page2-2 Silva')).toBeInTheDocument();
    expect(lastList(calls).get('cursor')).toBe('c1');
    expect(rows()).toHaveLength(8);
    // The last page has no cursor: nothing more is asked for.
    act(() => io.intersect());
    await act(async () => {});
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('keeps only the rows near the viewport in the DOM (windowing), whatever has been loaded', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      buildLeadListItem({ id: i + 1, reference: `L${i + 1}`, firstName: `Lead${i + 1}` }),
    );
    stubFetch(() => json(buildLeadPage(many, { total: 100_000, nextCursor: 'more' })));
    renderScreen();
    await screen.findByText('Lead1 Silva');
    // jsdom: 768 px viewport, rows of the 57 px estimate, 12 rows of overscan.
    expect(rows()).toHaveLength(27); // spacer rows are aria-hidden
    expect(screen.getByRole('table', { name: 'Leads' })).toHaveAttribute('aria-rowcount', '100001');

    // Scrolled so that row 1000 is at the top of the viewport.
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: -57 * 1000,
    } as DOMRect);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByText('Lead1 Silva')).toBeNull();
    expect(screen.getByText('Lead1001 Silva').closest('tr')).toHaveAttribute('aria-rowindex', '1002');
    const rendered = rows().filter((r) => r.hasAttribute('data-lead-id'));
    expect(rendered.map((r) => r.getAttribute('data-lead-id'))).toEqual(
      Array.from({ length: 39 }, (_, i) => String(989 + i)),
    );
  });

  it("'Mark all as read' toasts the count, or the failure", async () => {
    let fail = false;
    const calls = stubFetch(({ path, method }) => {
      if (method === 'POST' && path === '/api/leads/mark-all-seen')
        return fail ? json({ message: 'Database unavailable' }, 500) : json({ count: 4 });
      return json(buildLeadPage(LEADS));
    });
    renderScreen();
    await screen.findByText('Nova Lead');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await expectToast('All Leads Marked as Read', 'Marked 4 leads as read');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2)); // the list refetched

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await expectToast('Error', 'Failed to mark all leads as read: 500: Database unavailable');
  });

  it('Check e-mails shows what was found, and the spec titles for not connected, too soon and other failures', async () => {
    let answer: Response = json({ message: 'Found 2 new leads and 1 message added to existing leads.', results: [] });
    const calls = stubFetch((call) => (call.path === '/api/gmail/check' ? answer : json(buildLeadPage([]))));
    renderScreen();
    expect(await screen.findByText('No leads found')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Check e-mails' });
    fireEvent.click(button);
    await expectToast('Email Check Complete', 'Found 2 new leads and 1 message added to existing leads.');
    expect(calls.filter((c) => c.path === '/api/gmail/check' && c.method === 'POST')).toHaveLength(1);

    answer = json(
      { message: 'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.', code: 'VALIDATION' },
      400,
    );
    fireEvent.click(button);
    await expectToast(
      'Gmail Not Connected',
      'Gmail not connected: connect the Geral or Comercial mailbox in Settings first.',
    );
    answer = json({ message: 'Please wait 17 seconds before checking again.', code: 'RATE_LIMITED' }, 429);
    fireEvent.click(button);
    await expectToast('Please Wait', 'Please wait 17 seconds before checking again');
    answer = json({ message: 'Geral: server unreachable', code: 'BAD_GATEWAY' }, 502);
    fireEvent.click(button);
    await expectToast('Error', 'Failed to check emails: Geral: server unreachable');
  });

  it('Import lead by reference asks for the reference, then opens the new lead or says why it failed', async () => {
    let answer: Response = json({ message: 'No e-mail carrying reference QQ1 was found', code: 'NOT_FOUND' }, 404);
    stubFetch((call) => (call.path === '/api/gmail/import-lead' ? answer : json(buildLeadPage([]))));
    const r = renderScreen();
    await screen.findByText('No leads found');
    fireEvent.click(screen.getByRole('button', { name: 'Import lead by reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Lead by Reference' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Reference number is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reference number'), { target: { value: 'QQ1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectToast('Import Failed', 'No e-mail carrying reference QQ1 was found');
    answer = json({ message: 'Lead AB12 was created from the e-mail.', leadId: 42, reference: 'AB12', created: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectToast('Import Complete', 'Lead Created: AB12');
    await waitFor(() => expect(r.state.location.pathname).toBe('/admin/leads/42'));
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
