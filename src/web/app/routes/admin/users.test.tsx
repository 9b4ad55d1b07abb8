import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry } from '#shared/schemas/audit.ts';
import type { User } from '#shared/schemas/users.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { json, stubFetch, type FetchRoutes } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { UsersScreen } from './users.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismiss());
});

const person = (id: number, username: string, overrides: Partial<User> = {}): User => ({
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

const ME = person(1, 'admin', { role: 'admin', firstName: 'Ana', lastName: 'Silva' });
const RUI = person(2, 'rui', { firstName: 'Rui', lastName: 'Costa', version: 4 });
const entry = (id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  event: 'login_success',
  username: 'admin',
  ipAddress: '198.51.100.7',
  timestamp: new Date('2026-11-25T15:04:05Z'),
  details: null,
  ...overrides,
});

/** The screen as the admin layout renders it: the signed-in user comes from the outlet context. */
function renderScreen(user: User, ui: ReactNode = <UsersScreen />) {
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

const routes = (extra: FetchRoutes = {}): FetchRoutes => ({
  'GET /api/users': [ME, RUI],
  'GET /api/admin/security-audit-logs': { entries: [entry(9)], nextBefore: null },
  ...extra,
});

/** The wide-screen table (the phone list holds the same people, hidden by CSS). */
const usersTable = () => screen.findByRole('table', { name: 'Users' });

/** Opens a Radix Select and picks an option, as a pointer does. */
async function choose(trigger: HTMLElement, option: string) {
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('UsersScreen', () => {
  it("shows role user 'Access Denied' with the spec's text and toast, and requests nothing", async () => {
    const calls = stubFetch({});
    renderScreen(person(5, 'staff'));
    const text = "You don't have permission to access user management. Admin access required.";
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText(text, { selector: 'p' })).toBeInTheDocument();
    await expectToast('Access Denied', text);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
  });

  it('lists the team with name, username, e-mail and role; one cannot delete oneself', async () => {
    stubFetch(routes());
    renderScreen(ME);
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Rui Costa')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('@rui')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('rui@example.pt')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('user')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('admin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'You cannot delete your own account' })).toBeDisabled();
    expect(within(rows[2]!).getByRole('button', { name: 'Delete Rui Costa' })).toBeEnabled();
  });

  it('searches on the server', async () => {
    const calls = stubFetch(
      routes({ 'GET /api/users': (call) => (call.query.get('search') === 'rui' ? [RUI] : [ME, RUI]) }),
    );
    renderScreen(ME);
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: ' rui ' } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/users' && c.query.get('search') === 'rui')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Ana Silva')).not.toBeInTheDocument());
  });

  it("Add User: the spec's messages, then a valid account is created", async () => {
    const calls = stubFetch(
      routes({ 'POST /api/users': (call) => json({ ...person(3, 'marta'), ...(call.body as object) }, 201) }),
    );
    renderScreen(ME);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const submit = within(dialog).getByRole('button', { name: 'Add User' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    fireEvent.change(field('Username'), { target: { value: 'marta' } });
    fireEvent.change(field('Email'), { target: { value: 'marta@example.pt' } });
    for (const [password, message] of [
      ['UPPERCASE1', 'Password must contain at least one lowercase letter'],
      ['lowercase1', 'Password must contain at least one uppercase letter'],
      ['NoDigitsHere', 'Password must contain at least one number'],
    ]) {
      fireEvent.change(field('Password'), { target: { value: password } });
      fireEvent.click(submit);
      expect(await within(dialog).findByText(message!)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(field('Password'), { target: { value: 'Str0ngPass' } });
    fireEvent.change(field('First name'), { target: { value: 'Marta' } });
    await choose(within(dialog).getByRole('combobox', { name: 'Role' }), 'Admin');
    fireEvent.click(submit);
    await expectToast('Success', 'User created successfully');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      username: 'marta',
      email: 'marta@example.pt',
      password: 'Str0ngPass',
      role: 'admin',
      firstName: 'Marta',
      lastName: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Add User: a taken username shows under the field and in the toast', async () => {
    stubFetch(
      routes({
        'POST /api/users': json(
          { code: 'CONFLICT', message: 'Username already taken', fields: { username: 'Username already taken' } },
          409,
        ),
      }),
    );
    renderScreen(ME);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'rui' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'other@example.pt' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Str0ngPass' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await expectToast('Error', 'Failed to create user: 409: Username already taken');
    expect(within(dialog).getByText('Username already taken', { selector: 'p' })).toBeInTheDocument();
  });

  it('Edit User: a blank password is left out, the version is sent', async () => {
    const calls = stubFetch(routes({ 'PUT /api/users/2': { ...RUI, lastName: 'Reis', version: 5 } }));
    renderScreen(ME);
    fireEvent.click(within(await usersTable()).getByRole('button', { name: 'Edit Rui Costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('rui');
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).getByText('Leave blank to keep the current password')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Last name'), { target: { value: 'Reis' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'User updated successfully');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      username: 'rui',
      email: 'rui@example.pt',
      firstName: 'Rui',
      lastName: 'Reis',
      role: 'user',
      version: 4,
    });
  });

  it('Edit User: a weak new password gets the edit message; a stale version says so and reloads', async () => {
    const stale = 'This user was changed by someone else. Reload to see the latest.';
    let stored = RUI;
    const calls = stubFetch(
      routes({
        'GET /api/users': () => [ME, stored],
        'PUT /api/users/2': (call) => {
          if (stored.version === 6 && (call.body as { version: number }).version === 6)
            return { ...stored, version: 7 };
          // Someone else saved just before: the list now holds version 6.
          stored = { ...RUI, firstName: 'Rúben', version: 6 };
          return json({ code: 'STALE_VERSION', message: stale }, 409);
        },
      }),
    );
    renderScreen(ME);
    fireEvent.click(within(await usersTable()).getByRole('button', { name: 'Edit Rui Costa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'weak' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('Password must be at least 8 characters with uppercase, lowercase, and number'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Error', stale);
    // The dialog stays open and shows the latest; the next save carries the latest version.
    const reopened = screen.getByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(within(reopened).getByLabelText('First name')).toHaveValue('Rúben'));
    fireEvent.click(within(reopened).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'User updated successfully');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: number }).version)).toEqual([4, 6]);
  });

  it("Edit User: the last admin's role change is refused under the field", async () => {
    const message = 'The last admin cannot lose the admin role. Make another user an admin first.';
    stubFetch(routes({ 'PUT /api/users/1': json({ code: 'CONFLICT', message, fields: { role: message } }, 409) }));
    renderScreen(ME);
    fireEvent.click(within(await usersTable()).getByRole('button', { name: 'Edit Ana Silva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await choose(within(dialog).getByRole('combobox', { name: 'Role' }), 'User');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Error', `Failed to update user role: 409: ${message}`);
    expect(within(dialog).getByText(message, { selector: 'p' })).toBeInTheDocument();
  });

  it("deletes after the spec's confirmation; a refusal is shown", async () => {
    let refuse = true;
    const calls = stubFetch(
      routes({
        'DELETE /api/users/2': () =>
          refuse ? json({ code: 'CONFLICT', message: 'Not now' }, 409) : json({ ok: true }),
      }),
    );
    renderScreen(ME);
    fireEvent.click(within(await usersTable()).getByRole('button', { name: 'Delete Rui Costa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(within(dialog).getByText(/Are you sure you want to delete this user\?/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Failed to delete user: 409: Not now');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'User deleted successfully');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('shows the audit log with pt-PT times, pages with Show more, filters by event and username', async () => {
    const calls = stubFetch(
      routes({
        'GET /api/admin/security-audit-logs': (call) => {
          if (call.query.get('before') === '30')
            return { entries: [entry(29, { event: 'account_locked', details: 'older one' })], nextBefore: null };
          if (call.query.get('event') === 'login_failure')
            return { entries: [entry(40, { event: 'login_failure', username: 'rui' })], nextBefore: null };
          return {
            entries: [entry(31, { details: 'changed by admin', event: 'role_changed' }), entry(30)],
            nextBefore: 30,
          };
        },
      }),
    );
    renderScreen(ME);
    const log = await screen.findByRole('table', { name: 'Security audit log' });
    expect(within(log).getByText('Role changed')).toBeInTheDocument();
    expect(within(log).getByText('changed by admin')).toBeInTheDocument();
    expect(within(log).getAllByText('198.51.100.7')).toHaveLength(2);
    const expected = new Date('2026-11-25T15:04:05Z').toLocaleString('pt-PT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    expect(expected).toMatch(/^25\/11\/2026/);
    expect(within(log).getAllByText(expected)).toHaveLength(2);
    expect(calls.find((c) => c.path === '/api/admin/security-audit-logs')!.query.get('limit')).toBe('20');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(log).findByText('older one')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument());

    await choose(screen.getByRole('combobox', { name: 'Event type' }), 'Login failure');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Security audit log' })).getByText('Login failure'),
      ).toBeInTheDocument(),
    );
    fireEvent.change(screen.getByLabelText('Username', { selector: '#audit-username' }), { target: { value: 'rui' } });
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('event') === 'login_failure' && c.query.get('username') === 'rui')).toBe(
        true,
      ),
    );
  });
});
