import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '#web/hooks/use-toast.ts';
import { stubFetch } from '#test/web/fetch-stub.ts';
import { ME, entry, renderScreen, routes, choose } from './users.test-helpers.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismiss());
});

describe('UsersScreen', () => {
  it("shows the audit log in the app's date format, pages with Show more, filters by event and username", async () => {
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
    // The back office's one date format (as on leads and imports), with seconds.
    const expected = 'Nov 25, 2026, 15:04:05';
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
