// The leads screen in a router with its providers, and the rows the list tests serve.
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { stubIntersectionObserver } from '#test/web/dom-stubs.ts';
import type { FetchCall } from '#test/web/fetch-stub.ts';
import { buildLeadListItem } from '#test/web/fixtures.ts';
import { LeadsScreen } from './leads.tsx';

const NOW = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
export const DEFAULT_STATUS = 'requested,quoted,clarifying,waiting,contacted';

let router: ReturnType<typeof createBrowserRouter> | undefined;
export let io: ReturnType<typeof stubIntersectionObserver>;

/** Fake Date at NOW, a stubbed IntersectionObserver and fresh storage for each test. */
export function setUpLeadsScreen() {
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
}

export function renderScreen(path = '/admin/leads') {
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

export const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/leads');
export const lastList = (calls: FetchCall[]) => listCalls(calls).at(-1)!.query;
export const rows = () => screen.getAllByRole('row').slice(1);
export const leadRow = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

export const LEADS: LeadListItem[] = [
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
