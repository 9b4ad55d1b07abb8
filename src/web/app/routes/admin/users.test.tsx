import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { person, ME, RUI, renderScreen, routes, usersTable, choose } from './users.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismiss());
});

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

  it("hands the deleted user's leads to the person chosen, or to nobody by default (ADR 065)", async () => {
    const calls = stubFetch(routes({ 'DELETE /api/users/2': json({ ok: true }) }));
    renderScreen(ME);
    fireEvent.click(within(await usersTable()).getByRole('button', { name: 'Delete Rui Costa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' });
    const heir = within(dialog).getByRole('combobox', { name: 'Hand their leads to' });
    expect(heir).toHaveTextContent('Nobody: the leads become unassigned');
    await choose(heir, 'Ana Silva (@admin)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'User deleted successfully');
    const deleted = calls.filter((c) => c.method === 'DELETE');
    expect(deleted.map((c) => [c.path, c.query.get('leadsTo')])).toEqual([['/api/users/2', '1']]);
  });
});
