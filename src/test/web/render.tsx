import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

/** Stand-ins for the admin screens a test may navigate to: their text names the page. */
function StubPage({ name }: { name: string }) {
  const id = useParams().id;
  return <p>{id ? `${name} ${id}` : name}</p>;
}
const STUB_PAGES: Record<string, string> = {
  '/admin': 'Dashboard page',
  '/admin/leads': 'Leads list page',
  '/admin/leads/:id': 'Lead page',
  '/admin/imports': 'Imports list page',
  '/admin/imports/:id': 'Import page',
  '/admin/suppliers': 'Suppliers page',
};

/**
 * Renders `ui` at `path` (route pattern `routePath`) inside the app's providers: a fresh query
 * client, tooltips, the toaster and a memory router. The other admin routes show stand-ins
 * ('Lead page 12', 'Leads list page'...) so a navigation can be asserted.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/admin', routePath = path }: { path?: string; routePath?: string } = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      ...Object.entries(STUB_PAGES)
        .filter(([pattern]) => pattern !== routePath)
        .map(([pattern, name]) => ({ path: pattern, element: <StubPage name={name} /> })),
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
