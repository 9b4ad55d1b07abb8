import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { stubMatchMedia } from '#test/web/dom-stubs.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildImportListItem, buildImportPage } from '#test/web/import-fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { ImportsScreen } from './imports.tsx';

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

const open = (path = '/admin/imports') => renderWithProviders(<ImportsScreen />, { path, routePath: '/admin/imports' });

const rows = [
  buildImportListItem({
    id: 42,
    clientName: 'Maria Silva',
    vehicleYear: 2021,
    vehicleMake: 'BMW',
    vehicleModel: 'X5',
    vehicleVin: 'WBA123',
    status: 'arrived',
    vehiclePrice: '45000.00',
    vehicleIsv: '5120.40',
    servicePrice: '2340.50',
    costsTotal: '850.49',
    profit: '1490.01',
    createdAt: '2026-11-03T10:00:00.000Z',
  }),
  buildImportListItem({ id: 43, clientName: 'Rui Lopes', servicePrice: null, costsTotal: '300.00', profit: '-300.00' }),
];

describe('imports list', () => {
  it('asks the server for Active by default and shows the columns, money rounded in €, and a count', async () => {
    const calls = stubFetch({ 'GET /api/imports': buildImportPage(rows, { total: 2 }) });
    open();
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Client', 'Vehicle', 'Status', 'Vehicle Price', 'ISV', 'Service', 'Costs', 'Profit', 'Created']);
    expect(calls[0]!.query.get('filter')).toBe('active');
    expect(calls[0]!.query.get('limit')).toBe('50');
    expect(screen.getByTestId('imports-total')).toHaveTextContent('2 active imports');
    expect(screen.getByRole('radio', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
    const first = table.querySelector('[data-import-id="42"]') as HTMLElement;
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '#42',
      'Maria Silvamaria@example.com',
      '2021 BMW X5WBA123',
      'Arrived',
      '€45\u00a0000',
      '€5\u00a0120',
      '€2\u00a0341',
      '€850',
      '€1\u00a0490',
      'Nov 3, 2026',
    ]);
    const loss = within(table.querySelector('[data-import-id="43"]') as HTMLElement).getByTestId('profit');
    expect(loss).toHaveTextContent('-€300');
    expect(loss.className).toMatch(/text-red-600/);
  });

  it('searches on the server, switches filters, and opens an import on a row click', async () => {
    const calls = stubFetch((call) =>
      call.path === '/api/imports' ? json(buildImportPage(call.query.get('search') ? [rows[0]!] : rows)) : undefined,
    );
    const { router } = open();
    await screen.findByRole('table', { name: 'Imports' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search imports' }), { target: { value: 'WBA' } });
    await waitFor(() => expect(calls.some((c) => c.query.get('search') === 'WBA')).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('filter')).toBe('all'));
    expect(router.state.location.search).toBe('?q=WBA&filter=all');
    await waitFor(() => expect(screen.getByTestId('imports-total')).toHaveTextContent('1 import'));
    fireEvent.click(screen.getByText('Maria Silva'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/imports/42'));
  });

  it("'No imports found' when nothing matches", async () => {
    stubFetch({ 'GET /api/imports': buildImportPage([]) });
    open('/admin/imports?filter=concluded');
    expect(await screen.findByText('No imports found')).toBeInTheDocument();
    expect(screen.getByTestId('imports-total')).toHaveTextContent('0 concluded imports');
  });

  it('phones get cards with the percent and a progress bar', async () => {
    stubMatchMedia((q) => q.includes('max-width'));
    stubFetch({ 'GET /api/imports': buildImportPage(rows) });
    open();
    const cards = await screen.findByRole('list', { name: 'Imports' });
    const card = cards.querySelector('[data-import-id="42"]') as HTMLElement;
    expect(within(card).getByText('50% complete')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/admin/imports/42');
  });

  it('the CSV link carries the search and filter', async () => {
    stubFetch({ 'GET /api/imports': buildImportPage(rows) });
    open('/admin/imports?q=silva&filter=all');
    await screen.findByRole('table', { name: 'Imports' });
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      '/api/imports/export.csv?search=silva&filter=all&format=pt',
    );
  });
});
