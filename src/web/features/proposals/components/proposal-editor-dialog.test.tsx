import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proposal } from '#shared/schemas/proposals.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildProposalAnswer } from '#test/web/import-fixtures.ts';
import { expectToast } from '#test/web/toasts.ts';
import { ProposalEditorDialog } from './proposal-editor-dialog.tsx';

const STALE = {
  code: 'STALE_VERSION',
  message: 'This proposal was changed by someone else. Reload to see the latest.',
};

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

/** A fake server with proposal 5 of lead 7: PUT merged in (version + 1), 409 when the version is not the stored one. */
function serve(initial: Proposal) {
  let stored = initial;
  const calls = stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/leads/7/proposals') return json([stored]);
    if (call.method === 'PUT' && call.path === '/api/proposals/5') {
      const { version, vehicleModel } = call.body as Partial<Proposal>;
      if (version !== undefined && version !== stored.version) return json(STALE, 409);
      // The field this test edits (the payload's other fields are in the editor's input form).
      stored = { ...stored, vehicleModel: vehicleModel ?? null, version: stored.version + 1 };
      return json({ proposal: stored, failedImages: [] });
    }
    return json({ message: `unexpected ${call.method} ${call.url}` }, 500);
  });
  return {
    calls,
    current: () => stored,
    saveElsewhere: (change: Partial<Proposal>) => (stored = { ...stored, ...change, version: stored.version + 1 }),
  };
}

function Editor({ proposal, version }: { proposal: Proposal; version: number }) {
  return (
    <ProposalEditorDialog
      leadId={7}
      mode="edit"
      initial={proposal}
      proposalId={proposal.id}
      version={version}
      open
      onOpenChange={() => undefined}
    />
  );
}

describe('proposal editor: versions (ADR 022, ADR 024)', () => {
  it('sends the version it opened with, also after a live refresh; a stale save shows the notice and keeps the editor as typed', async () => {
    const proposal = buildProposalAnswer({ id: 5, leadId: 7, version: 2, imageUrls: [] });
    const server = serve(proposal);
    const queryClient = createQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Editor proposal={proposal} version={2} />
        <Toaster />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Proposal' });
    fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'A6 Avant' } });
    // A colleague saves; the live refresh brings version 3 while this editor is open.
    server.saveElsewhere({ vehicleModel: 'A4 Limousine' });
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Editor proposal={proposal} version={3} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(within(dialog).getByLabelText('Model')).toHaveValue('A6 Avant');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const notice = await within(dialog).findByTestId('stale-write');
    expect(notice).toHaveTextContent('This proposal was changed by someone else. Reload to see the latest.');
    expect(screen.queryByText(/Failed to update proposal/)).toBeNull();
    expect(within(dialog).getByLabelText('Model')).toHaveValue('A6 Avant');
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ vehicleModel: 'A6 Avant', version: 2 });
    expect(server.current()).toMatchObject({ vehicleModel: 'A4 Limousine', version: 3 });

    // Reload: the editor keeps what was typed and now names the version it has seen.
    fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).queryByTestId('stale-write')).toBeNull());
    expect(within(dialog).getByLabelText('Model')).toHaveValue('A6 Avant');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'Proposal updated');
    const versions = server.calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: number }).version);
    expect(versions).toEqual([2, 3]);
    expect(server.current()).toMatchObject({ vehicleModel: 'A6 Avant', version: 4 });
  });
});
