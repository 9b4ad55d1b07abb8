import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { type FetchCall, json, stubFetch } from '#test/web/fetch-stub.ts';
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

/** The dialog also lists the user's access tokens: none here unless a test says so. */
const NO_TOKENS = { 'GET /api/profile/tokens': [] };
const putBody = (calls: FetchCall[]) => calls.find((c) => c.method === 'PUT')?.body;

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
    const calls = stubFetch({
      ...NO_TOKENS,
      'PUT /api/users/4': (call) => ({ ...person('user'), ...(call.body as object) }),
    });
    open(person('user'));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('Password', 'N3wPassword');
    expect(await screen.findByLabelText('Current password')).toHaveAttribute('type', 'password');
    type('Current password', 'Old-Passw0rd');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(putBody(calls)).toMatchObject({ password: 'N3wPassword', currentPassword: 'Old-Passw0rd' });
  });

  it('shows the server refusal of a wrong current password under that field', async () => {
    const message = 'Current password is incorrect';
    stubFetch({
      ...NO_TOKENS,
      'PUT /api/users/4': json({ code: 'VALIDATION', message, fields: { currentPassword: message } }, 400),
    });
    open(person('user'));
    type('Password', 'N3wPassword');
    await screen.findByLabelText('Current password');
    type('Current password', 'Wr0ng-one');
    save();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });

  it('shows the username read-only to a non-admin and does not send it', async () => {
    const calls = stubFetch({ ...NO_TOKENS, 'PUT /api/users/4': person('user') });
    open(person('user'));
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('readonly');
    expect(screen.getByText('Only an administrator can change a username')).toBeInTheDocument();
    type('First name', 'Jo');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(putBody(calls)).not.toHaveProperty('username');
    expect(putBody(calls)).toMatchObject({ firstName: 'Jo', email: 'joana@example.pt' });
  });

  it('lets an admin change the username', async () => {
    const calls = stubFetch({ ...NO_TOKENS, 'PUT /api/users/4': person('admin') });
    open(person('admin'));
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly');
    type('Username', 'joana.silva');
    save();
    await expectToast('Success', 'Profile updated successfully');
    expect(putBody(calls)).toMatchObject({ username: 'joana.silva' });
  });

  it('creates an access token, shows it once, and revokes it after confirmation', async () => {
    const token = {
      id: 9,
      name: 'Chrome at the office',
      prefix: 'aik_AbCd',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null as string | null,
      revokedAt: null as string | null,
    };
    let listed = [] as (typeof token)[];
    const calls = stubFetch({
      'GET /api/profile/tokens': () => listed,
      'POST /api/profile/tokens': () => {
        listed = [token];
        return json({ token: 'aik_AbCdSecretValue', apiToken: token }, 201);
      },
      'DELETE /api/profile/tokens/9': () => {
        listed = [{ ...token, revokedAt: '2026-11-21T09:00:00.000Z' }];
        return listed[0];
      },
    });
    open(person('user'));
    expect(await screen.findByText('No tokens yet.')).toBeInTheDocument();
    type('Token name', 'Chrome at the office');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByLabelText('New access token')).toHaveValue('aik_AbCdSecretValue');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Chrome at the office' });
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    await waitFor(() => expect(list).toHaveTextContent('Chrome at the office'));
    expect(list).toHaveTextContent('Last used never');
    expect(list).not.toHaveTextContent('aik_AbCdSecretValue');
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(list).toHaveTextContent('Revoked'));
  });
});
