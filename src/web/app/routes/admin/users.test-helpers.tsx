// Users and audit entries as the server sends them, and the users screen with its fake server.
import type { ReactNode } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { AuditLogEntry } from '#shared/schemas/audit.ts';
import type { User } from '#shared/schemas/users.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import type { FetchRoutes } from '#test/web/fetch-stub.ts';
import { UsersScreen } from './users.tsx';

export const person = (id: number, username: string, overrides: Partial<User> = {}): User => ({
  id,
  username,
  email: `${username}@example.pt`,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'user',
  version: 1,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
  ...overrides,
});

export const ME = person(1, 'admin', { role: 'admin', firstName: 'Ana', lastName: 'Silva' });
export const RUI = person(2, 'rui', { firstName: 'Rui', lastName: 'Costa', version: 4 });
export const entry = (id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  event: 'login_success',
  username: 'admin',
  ipAddress: '198.51.100.7',
  timestamp: new Date('2026-11-25T15:04:05Z'),
  details: null,
  ...overrides,
});

/** The screen as the admin layout renders it: the signed-in user comes from the outlet context. */
export function renderScreen(user: User, ui: ReactNode = <UsersScreen />) {
  const router = createMemoryRouter(
    [{ path: '/admin', element: <Outlet context={{ user }} />, children: [{ path: 'users', element: ui }] }],
    { initialEntries: ['/admin/users'] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
}

export const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/users': [ME, RUI],
  'GET /api/admin/security-audit-logs': { entries: [entry(9)], nextBefore: null },
  ...extra,
});

/** The wide-screen table (the phone list holds the same people, hidden by CSS). */
export const usersTable = () => screen.findByRole('table', { name: 'Users' });

/** Opens a Radix Select and picks an option, as a pointer does. */
export async function choose(trigger: HTMLElement, option: string) {
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
