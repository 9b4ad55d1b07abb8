import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { ME, RUI, renderScreen, routes, usersTable, choose } from './users.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismiss());
});

describe('UsersScreen', () => {
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
});
