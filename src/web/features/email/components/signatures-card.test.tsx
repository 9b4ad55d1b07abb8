import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Signature } from '#shared/schemas/email.ts';
import type { User } from '#shared/schemas/users.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { SignaturesCard } from './signatures-card.tsx';

const person = (role: User['role']): User => ({
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

/** A fake server with one signature per mailbox; a save answers the stored (sanitised) text. */
function serve(stored: Record<'geral' | 'comercial', Signature>, save?: (call: FetchCall) => Response) {
  return stubFetch((call) => {
    const account = call.path.split('/').pop() as 'geral' | 'comercial';
    if (call.method === 'GET') return json(stored[account]);
    if (call.method === 'PUT') {
      if (save) return save(call);
      const body = call.body as { signature: string };
      stored[account] = {
        signature: body.signature.replace(/<script>.*?<\/script>/g, ''),
        version: stored[account].version + 1,
      };
      return json(stored[account]);
    }
    return undefined;
  });
}

function show(role: User['role']) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/auth/user'], person(role));
  render(
    <QueryClientProvider client={queryClient}>
      <SignaturesCard />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

describe('Email signatures card (Settings)', () => {
  it('an admin edits the geral signature with a sanitised live preview and saves it with its version', async () => {
    const calls = serve({
      geral: { signature: '<p><b>Ana</b></p>', version: 2 },
      comercial: { signature: '', version: 0 },
    });
    show('admin');
    const field = await screen.findByLabelText('Geral signature (HTML)');
    await waitFor(() => expect(field).toHaveValue('<p><b>Ana</b></p>'));
    const save = screen.getByRole('button', { name: 'Save signature' });
    expect(save).toBeDisabled(); // nothing changed yet
    fireEvent.change(field, {
      target: { value: '<p><b>Ana Costa</b><br><a href="https://autoimport.pt">site</a></p><script>x()</script>' },
    });
    const preview = screen.getByTestId('signature-preview-geral');
    expect(preview.innerHTML).toContain('<b>Ana Costa</b>');
    expect(preview.innerHTML).toContain('href="https://autoimport.pt');
    expect(preview.innerHTML).not.toContain('script');
    fireEvent.click(save);
    await expectToast('Success', 'Geral signature saved');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/gmail/signature/geral',
      body: { version: 2, signature: expect.stringContaining('<b>Ana Costa</b>') },
    });
    // The stored (sanitised) text comes back into the field.
    await waitFor(() =>
      expect(field).toHaveValue('<p><b>Ana Costa</b><br><a href="https://autoimport.pt">site</a></p>'),
    );
    expect(save).toBeDisabled();
  });

  it('a refused save says so and keeps the draft', async () => {
    serve({ geral: { signature: '<p>Antiga</p>', version: 1 }, comercial: { signature: '', version: 0 } }, () =>
      json(
        { code: 'STALE_VERSION', message: 'This signature was changed by someone else. Reload to see the latest.' },
        409,
      ),
    );
    show('admin');
    const field = await screen.findByLabelText('Geral signature (HTML)');
    await waitFor(() => expect(field).toHaveValue('<p>Antiga</p>'));
    fireEvent.change(field, { target: { value: '<p>Nova</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }));
    await waitFor(() =>
      expect(
        screen.getByText(/This signature was changed by someone else/, {
          selector: '[data-slot="toast-description"]',
        }),
      ).toBeInTheDocument(),
    );
    expect(field).toHaveValue('<p>Nova</p>');
  });

  it('staff read the signatures (preview) but cannot change them', async () => {
    const calls = serve({
      geral: { signature: '<p>Geral</p>', version: 1 },
      comercial: { signature: '<p><i>Comercial</i></p>', version: 1 },
    });
    show('user');
    const field = await screen.findByLabelText('Geral signature (HTML)');
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save signature' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Insert image/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('signature-preview-geral').innerHTML).toBe('<p>Geral</p>'));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Comercial' }));
    const tab = await screen.findByRole('tabpanel', { name: 'Comercial' });
    await waitFor(() =>
      expect(within(tab).getByTestId('signature-preview-comercial').innerHTML).toBe('<p><i>Comercial</i></p>'),
    );
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
