import type { ReactNode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { expect, vi } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import type { Lead } from '#shared/schemas/leads.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A recorded fetch: method, path and parsed JSON body. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** fetch stubbed by a handler per call; every call is recorded. */
export function stubFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

/**
 * Renders `ui` at `path` inside the app's providers with a memory router; /admin/leads/:id shows
 * 'Lead page {id}' so a navigation to a lead can be asserted.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/admin/leads', routePath = path }: { path?: string; routePath?: string } = {},
) {
  const queryClient = createQueryClient();
  const LeadPage = () => <p>Lead page {useParams().id}</p>;
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      ...(routePath === '/admin/leads/:id' ? [] : [{ path: '/admin/leads/:id', element: <LeadPage /> }]),
      { path: '/admin/leads', element: <p>Leads list page</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/** The toast with this title and description is shown. */
export async function expectToast(title: string, description: string) {
  const el = await screen.findByText(description, { selector: '[data-slot="toast-description"]' });
  const toast = el.closest('[data-slot="toast"]') as HTMLElement;
  expect(within(toast).getByText(title, { selector: '[data-slot="toast-title"]' })).toBeInTheDocument();
  return toast;
}

/** Radix Select and Dialog need these in jsdom. */
export function stubDomForRadix() {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

export const flush = () => act(async () => {});

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 7,
    reference: 'AI-2026-0007',
    firstName: 'Maria',
    lastName: 'Silva',
    email: 'maria@example.com',
    phone: '912 345 678',
    vehicleMake: 'BMW',
    vehicleModel: '320d',
    vehicleYear: 2019,
    budget: '25000.00',
    status: 'requested',
    emailSource: 'geral',
    origin: 'manual',
    starred: false,
    seen: true,
    lastInteractionAt: '2026-11-21T14:05:00.000Z',
    createdAt: '2026-11-20T09:30:00.000Z',
    mileage: 85000,
    transmission: 'auto',
    fuelType: 'diesel',
    vehicleLink: 'https://example.com/listing/1',
    notes: 'Wants a family car.',
    quotedAmount: null,
    manual: true,
    utmSource: null,
    assignedTo: null,
    updatedAt: '2026-11-21T14:05:00.000Z',
    duplicates: [],
    ...overrides,
  };
}
