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
    completedImports: { change: 0, period },
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

const card = (name: string) => screen.getByRole('group', { name });

describe('Dashboard', () => {
  it('shows the four figures with their trends and period, revenue in € thousands', async () => {
    const calls = stubFetch(() => json(STATS));
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, track your leads and imports')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    await screen.findByText('Recent Leads');
    expect(calls.map((c) => c.path)).toEqual(['/api/dashboard/stats']);

    const figure = (name: string) => [
      within(card(name)).getByTestId('stat-value').textContent,
      within(card(name)).getByTestId('stat-trend'),
    ];
    const expectCard = (name: string, value: string, trend: string, direction: string) => {
      const [v, t] = figure(name) as [string, HTMLElement];
      expect(v).toBe(value);
      expect(t).toHaveTextContent(trend);
      expect(t).toHaveAttribute('data-direction', direction);
      expect(card(name)).toHaveTextContent(period);
    };
    expectCard('Total Leads', '1,532', '+12.5%', 'up');
    expectCard('Active Imports', '7', '-3.0%', 'down');
    expectCard('Completed', '12', '0%', 'flat');
    expectCard('Revenue', '€12.5K', '+100.0%', 'up');
    expect(card('Revenue')).not.toHaveTextContent('$');
  });

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

  it("a failed load says so; 'Try again' asks again", async () => {
    let down = true;
    const calls = stubFetch(() => (down ? json({ message: 'Database unavailable' }, 500) : json(STATS)));
    renderDashboard();
    expect(await screen.findByText('Failed to load the dashboard: 500: Database unavailable')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Recent Leads')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
