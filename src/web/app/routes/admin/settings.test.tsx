import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanySettings } from '#shared/schemas/settings.ts';
import type { User } from '#shared/schemas/users.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TooltipProvider } from '#web/components/ui/tooltip.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ThemeProvider } from '#web/lib/theme.tsx';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { SettingsScreen } from './settings.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismiss());
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

const user = (role: User['role']): User => ({
  id: 1,
  username: role,
  email: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role,
  version: 1,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
});

const SETTINGS: CompanySettings = {
  version: 1,
  companyName: 'AutoImport',
  companyPhone: '+351 210 000 000',
  companyEmail: 'geral@example.pt',
  managerGeralName: 'Gestor de Importação',
  managerGeralPhone: '+351 910 000 000',
  managerComercialName: 'Gestor Comercial',
  managerComercialPhone: '+351 920 000 000',
  legacySiteUrl: '',
  listingWatchEnabled: true,
  logoUrl: '',
};

function renderScreen(as: User) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <Outlet context={{ user: as }} />,
        children: [{ path: 'settings', element: <SettingsScreen /> }],
      },
    ],
    { initialEntries: ['/admin/settings'] },
  );
  return render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('SettingsScreen', () => {
  it('gives role user the dark-mode switch only, and requests no settings', async () => {
    const calls = stubFetch({});
    renderScreen(user('user'));
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.queryByText('Company details')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });

  it('lets an admin edit the company details: field messages first, then only valid values are sent', async () => {
    const calls = stubFetch({
      'GET /api/settings': SETTINGS,
      'PUT /api/settings': (call) => ({ ...SETTINGS, ...(call.body as object) }),
    });
    renderScreen(user('admin'));
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('AutoImport');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Public phone'), { target: { value: 'call us' } });
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(save);
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone must be a phone number, e.g. +351 210 000 000')).toBeInTheDocument();
    expect(screen.getByText('Enter a web address starting with http:// or https://')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(name, { target: { value: 'Auto Norte' } });
    fireEvent.change(screen.getByLabelText('Public phone'), { target: { value: '+351 222 333 444' } });
    fireEvent.change(screen.getByLabelText('Web address'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Comercial manager name'), { target: { value: 'Miguel Costa' } });
    fireEvent.click(save);
    await expectToast('Success', 'Settings saved');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      companyName: 'Auto Norte',
      companyPhone: '+351 222 333 444',
      managerComercialName: 'Miguel Costa',
      legacySiteUrl: '',
      version: 1,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled());
  });

  it('a save after another admin saved shows the notice, keeps what was typed, and a live refresh wipes nothing', async () => {
    // The server: version 1 until the other admin's save makes it 2; a PUT naming 1 then answers 409.
    let stored: CompanySettings = SETTINGS;
    const calls = stubFetch({
      'GET /api/settings': () => stored,
      'PUT /api/settings': (call) => {
        const { version, ...change } = call.body as Partial<CompanySettings>;
        if (version !== stored.version)
          return json(
            { code: 'STALE_VERSION', message: 'This record was changed by someone else. Reload to see the latest.' },
            409,
          );
        stored = { ...stored, ...change, version: stored.version + 1 };
        return stored;
      },
    });
    renderScreen(user('admin'));
    fireEvent.change(await screen.findByLabelText('Company name'), { target: { value: 'Mine' } });
    stored = { ...stored, companyPhone: '+351 299 999 999', version: 2 };
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const notice = await screen.findByTestId('stale-write');
    expect(notice).toHaveTextContent('This record was changed by someone else. Reload to see the latest.');
    expect(screen.queryByText(/Failed to save settings/)).toBeNull();
    expect(screen.getByLabelText('Company name')).toHaveValue('Mine');

    fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('stale-write')).toBeNull());
    // What was typed stays, the untouched fields show the other admin's values; the next save names
    // the version now read and cannot put the old phone back.
    expect(screen.getByLabelText('Company name')).toHaveValue('Mine');
    expect(screen.getByLabelText('Public phone')).toHaveValue('+351 299 999 999');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'Settings saved');
    const versions = calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: number }).version);
    expect(versions).toEqual([1, 2]);
    expect(stored).toMatchObject({ companyName: 'Mine', companyPhone: '+351 299 999 999', version: 3 });
  });

  it("shows the server's field message when it refuses a value", async () => {
    stubFetch({
      'GET /api/settings': SETTINGS,
      'PUT /api/settings': json(
        { code: 'VALIDATION', message: 'Valid email is required', fields: { companyEmail: 'Valid email is required' } },
        400,
      ),
    });
    renderScreen(user('admin'));
    fireEvent.change(await screen.findByLabelText('Company name'), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expectToast('Error', 'Failed to save settings: 400: Valid email is required');
    expect(screen.getByText('Valid email is required', { selector: 'p' })).toBeInTheDocument();
  });

  it('uploads a logo as the image itself and shows it; refuses other files before sending', async () => {
    const calls = stubFetch({
      'GET /api/settings': SETTINGS,
      'POST /api/settings/logo': { ...SETTINGS, logoUrl: '/media/0123456789abcdef0123456789abcdef' },
    });
    renderScreen(user('admin'));
    await screen.findByLabelText('Company name');
    const input = screen.getByTestId('logo-file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.gif', { type: 'image/gif' })] } });
    await expectToast('Error', 'Upload a JPEG, PNG or WebP image');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await expectToast('Success', 'Logo updated');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/settings/logo');
    expect(post.body).toBe(png);
    const card = screen.getByText('Company details').closest('[data-slot="card"]') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'AutoImport logo' })).toHaveAttribute(
      'src',
      '/media/0123456789abcdef0123456789abcdef',
    );
    expect(within(card).getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });
});
