import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { EditProfileDialog } from './edit-profile-dialog.tsx';

const person = (role: User['role']): User => ({
  id: 4,
  username: 'joana',
  email: 'joana@example.pt',
  firstName: 'Joana',
  lastName: 'Silva',
  profileImageUrl: null,
  version: 1,
  role,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
});

const open = (user: User) =>
  renderWithProviders(<EditProfileDialog user={user} open onOpenChange={() => {}} />, { path: '/admin' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Edit Profile dialog', () => {
  afterEach(() => {
    act(() => dismiss());
    vi.unstubAllGlobals();
  });

  it('asks for the current password only once a new one is typed, and sends both', async () => {
    const calls = stubFetch({ 'PUT /api/users/4': (call) => ({ ...person('user'), ...(call.body as object) }) });
    open(person('user'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('Password', 'N3wPassword');
    expect(await screen.findByLabelText('Current password')).toHaveAttribute('type', 'password');
    type('Current password', 'Old-Passw0rd');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(calls[0]!.body).toMatchObject({ password: 'N3wPassword', currentPassword: 'Old-Passw0rd' });
  });

  it('shows the server refusal of a wrong current password under that field', async () => {
    const message = 'Current password is incorrect';
    stubFetch({ 'PUT /api/users/4': json({ code: 'VALIDATION', message, fields: { currentPassword: message } }, 400) });
    open(person('user'));
    type('Password', 'N3wPassword');
    await screen.findByLabelText('Current password');
    type('Current password', 'Wr0ng-one');
    save();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });

  it('shows the username read-only to a non-admin and does not send it', async () => {
    const calls = stubFetch({ 'PUT /api/users/4': person('user') });
    open(person('user'));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByText('Only an administrator can change a username')).toBeInTheDocument();
    type('First name', 'Jo');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(calls[0]!.body).not.toHaveProperty('username');
    expect(calls[0]!.body).toMatchObject({ firstName: 'Jo', email: 'joana@example.pt' });
  });

  it('lets an admin change the username', async () => {
    const calls = stubFetch({ 'PUT /api/users/4': person('admin') });
    open(person('admin'));
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly');
    type('Username', 'joana.silva');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(calls[0]!.body).toMatchObject({ username: 'joana.silva' });
  });
});
