import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLeadListItem } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { DashboardScreen } from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

const period = 'vs previous 30 days';
const STATS: DashboardStats = {
  totalLeads: 1532,
  activeImports: 7,
  completedImports: 12,
  revenue: 12_500,
  trends: {
    totalLeads: { change: 12.5, period },
    activeImports: { change: -3, period },
    completedImports: { change: null, period },
    revenue: { change: 100, period },
  },
  recentLeads: [
    buildLeadListItem({
      id: 11,
      firstName: 'Ana',
      lastName: 'Costa',
      vehicleMake: 'Audi',
      vehicleModel: 'A4',
      seen: false,
    }),
    buildLeadListItem({ id: 12, firstName: 'Rui', lastName: null, status: 'quoted' }),
    buildLeadListItem({ id: 13, firstName: 'Eva', lastName: 'Lopes', status: 'clarifying' }),
  ],
  recentActiveImports: [
    {
      id: 21,
      clientName: 'João Pinto',
      vehicleMake: 'BMW',
      vehicleModel: '320d',
      vehicleYear: 2019,
      status: 'in_transit',
      createdAt: '2026-10-02T09:00:00Z',
    },
    {
      id: 22,
      clientName: 'Sofia Reis',
      vehicleMake: 'Tesla',
      vehicleModel: 'Model 3',
      vehicleYear: null,
      status: 'confirmed',
      createdAt: '2026-11-01T09:00:00Z',
    },
  ],
};

const renderDashboard = () => renderWithProviders(<DashboardScreen />, { path: '/admin' }).router;

describe('Dashboard', () => {
  it('recent leads open their detail; View All goes to the lists', async () => {
    stubFetch(() => json(STATS));
    const router = renderDashboard();
    const recent = await screen.findByRole('list', { name: 'Recent leads' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/admin/leads/11', '/admin/leads/12', '/admin/leads/13']);
    expect(links[0]).toHaveTextContent('Ana Costa');
    expect(links[0]).toHaveTextContent('Audi A4');
    expect(within(links[0]!).getByRole('img', { name: 'New lead' })).toBeInTheDocument();
    expect(links[2]).toHaveTextContent('Waiting for Lead');
    expect(screen.getAllByRole('link', { name: 'View All' }).map((l) => l.getAttribute('href'))).toEqual([
      '/admin/leads',
      '/admin/imports',
    ]);

    fireEvent.click(links[1]!);
    expect(await screen.findByText('Lead page 12')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/leads/12');
  });

  it('active imports show status, progress, started date and percent; none gives a text', async () => {
    stubFetch(() => json(STATS));
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Active imports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('João Pinto');
    expect(items[0]).toHaveTextContent('2019 BMW 320d');
    expect(items[0]).toHaveTextContent('In Transit');
    expect(items[0]).toHaveTextContent('Started Oct 2, 2026');
    expect(items[0]).toHaveTextContent('35% complete');
    expect(within(items[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
    expect(within(items[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('empty lists say so', async () => {
    stubFetch(() => json({ ...STATS, recentLeads: [], recentActiveImports: [] }));
    renderDashboard();
    expect(await screen.findByText('No active imports')).toBeInTheDocument();
    expect(screen.getByText('No leads yet')).toBeInTheDocument();
  });
});
