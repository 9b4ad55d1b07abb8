import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timelineEntryInputSchema, type TimelineEntry } from '#shared/schemas/timeline.ts';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { TimelineCard } from './timeline-card.tsx';
import { entry, LONG_LINE, ENTRIES } from './timeline-card.test-helpers.ts';

const STALE = {
  code: 'STALE_VERSION',
  message: 'This timeline entry was changed by someone else. Reload to see the latest.',
};
let calls: FetchCall[] = [];
let entries: TimelineEntry[] = [];
let failWrites = false;

/** A fake server holding the lead's entries: list, create (call, chat or quick contact), delete. */
beforeEach(() => {
  entries = [...ENTRIES];
  failWrites = false;
  calls = stubFetch((call) => {
    if (call.method === 'GET') return json(entries);
    if (failWrites) return json({ message: 'Lead not found' }, 404);
    if (call.method === 'DELETE') {
      entries = entries.filter((e) => `/api/timeline/${e.id}` !== call.url);
      return json({ ok: true });
    }
    if (call.method === 'PUT') {
      // As the server does (ADR 022): a version other than the stored one answers 409.
      const { version, ...change } = call.body as Partial<TimelineEntry>;
      const stored = entries.find((e) => `/api/timeline/${e.id}` === call.url)!;
      if (version !== undefined && version !== stored.version) return json(STALE, 409);
      const saved = { ...stored, ...change, version: stored.version + 1 };
      entries = entries.map((e) => (e.id === saved.id ? saved : e));
      return json(saved);
    }
    const body = call.body as { type: 'call' | 'chat'; title?: string; description?: string; notes?: string };
    const created = entry({
      id: 10,
      type: body.type,
      kind: body.type,
      title: body.title ?? 'Phone Call',
      description: body.description ?? body.notes ?? null,
      createdAt: '2026-11-21T15:00:00.000Z',
    });
    entries = [...entries, created];
    return json(created, 201);
  });
});
afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TimelineCard leadId={7} />
      <Toaster />
    </QueryClientProvider>,
  );
}
const items = () => screen.getAllByTestId('timeline-entry');

describe('timeline card', () => {
  it('lists newest first with labels, who and when; only the newest starts expanded', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().map((li) => within(li).getByTestId('timeline-label').textContent)).toEqual([
      'Text/WhatsApp',
      'Email Received',
      'Phone Call',
    ]);
    expect(items()[0]).toHaveAttribute('data-expanded', 'true');
    expect(items()[0]).toHaveTextContent('Ana · Nov 21, 2026, 14:05');
    expect(items()[1]).toHaveAttribute('data-expanded', 'false');
    expect(items()[1]).toHaveTextContent('Maria <maria@example.com> · Nov 19, 2026, 09:00');
  });

  it('collapsed entries show the truncated summary: e-mail 100 characters, call first line 77 + ...', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    const email = within(items()[1]!).getByTestId('timeline-summary').textContent;
    expect(email).toBe(`${ENTRIES[1]!.description!.slice(0, 100)}...`);
    const call = within(items()[2]!).getByTestId('timeline-summary').textContent;
    expect(call).toBe(`${LONG_LINE.slice(0, 77)}...`);
    expect(call).toHaveLength(80);
  });

  it('an e-mail expands to from/to/subject and its body as text; it has no edit or delete', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    const email = items()[1]!;
    expect(within(email).queryByRole('button', { name: 'Edit entry' })).toBeNull();
    expect(within(email).queryByRole('button', { name: 'Delete entry' })).toBeNull();
    fireEvent.click(within(email).getByRole('button', { name: 'Read the whole e-mail' }));
    expect(email).toHaveAttribute('data-expanded', 'true');
    expect(email).toHaveTextContent('FromMaria <maria@example.com>');
    expect(email).toHaveTextContent('Togeral@autoimport.test');
    expect(email).toHaveTextContent('SubjectQuote please');
    const body = within(email).getByTestId('email-body');
    expect(body.textContent).toBe('Hello team\n\nSecond paragraph');
    expect(body.querySelector('b, img, script')).toBeNull();
    fireEvent.click(within(email).getByRole('button', { name: 'Show less' }));
    expect(email).toHaveAttribute('data-expanded', 'false');
    // The newest collapses on a click of its header.
    fireEvent.click(within(items()[0]!).getAllByRole('button', { expanded: true })[0]!);
    expect(items()[0]).toHaveAttribute('data-expanded', 'false');
  });

  it('a long e-mail can be read whole: the collapsed summary is cut, the expanded body is all of it', async () => {
    const long = `${'Prezados, gostaria de saber mais sobre o carro. '.repeat(60)}FIM DA MENSAGEM`;
    const mail = entry({
      id: 9,
      type: 'email',
      kind: 'email_received',
      label: 'Email Received',
      title: null,
      description: long,
      emailData: { from: 'a@b.pt', to: 'geral@autoimport.test', subject: 'Longo', body: long },
      editable: false,
      createdAt: '2026-11-16T09:00:00.000Z',
    });
    const short = entry({ id: 10, description: 'Short call.', createdAt: '2026-11-17T09:00:00.000Z' });
    entries = [mail, short];
    setup();
    await waitFor(() => expect(items()).toHaveLength(2));
    const item = items()[1]!;
    expect(within(item).getByTestId('timeline-summary').textContent).toHaveLength(103);
    expect(item).not.toHaveTextContent('FIM DA MENSAGEM');
    fireEvent.click(within(item).getByRole('button', { name: 'Read the whole e-mail' }));
    expect(within(item).getByTestId('email-body').textContent).toBe(long);
    // A call whose summary is all there is offers nothing more.
    expect(within(items()[0]!).queryByTestId('timeline-more')).toBeNull();
  });

  it("add entry: 'Title and description are required for non-email entries', then creates with the chosen date", async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Timeline Entry' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Follow-up' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(
      await within(dialog).findByText('Title and description are required for non-email entries'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Asked about delivery.' } });
    fireEvent.change(within(dialog).getByLabelText('Date and time of the contact'), {
      target: { value: '2026-11-21T09:15' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await expectToast('Success', 'Timeline entry created successfully');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/leads/7/timeline',
      body: {
        type: 'call',
        title: 'Follow-up',
        description: 'Asked about delivery.',
        createdAt: '2026-11-21T09:15:00.000Z',
      },
    });
    await waitFor(() => expect(items()).toHaveLength(4));
  });

  it('the required message is the contract message', () => {
    const r = timelineEntryInputSchema.safeParse({ type: 'chat', title: '', description: '' });
    expect(r.success || r.error.issues[0]?.message).toBe('Title and description are required for non-email entries');
  });

  it('edit: prefilled, sends PUT without an unchanged date, toasts', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[2]!).getByRole('button', { name: 'Edit entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Timeline Entry' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('First call');
    expect(within(dialog).getByLabelText('Date and time of the contact')).toHaveValue('2026-11-18T09:00');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'First call (edited)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'Timeline entry updated successfully');
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/timeline/1',
      body: { type: 'call', title: 'First call (edited)', description: `${LONG_LINE}\nSecond line`, version: 1 },
    });
  });

  it('edit: a save after someone else saved shows the notice in the dialog, keeps what was typed; Reload, then it saves', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[2]!).getByRole('button', { name: 'Edit entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Timeline Entry' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Mine' } });
    // A colleague saves the same entry meanwhile.
    entries = entries.map((e) => (e.id === 1 ? { ...e, title: 'Theirs', version: 2 } : e));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const notice = await within(dialog).findByTestId('stale-write');
    expect(notice).toHaveTextContent('This timeline entry was changed by someone else. Reload to see the latest.');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Mine');
    expect(entries.find((e) => e.id === 1)).toMatchObject({ title: 'Theirs', version: 2 });

    fireEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).queryByTestId('stale-write')).toBeNull());
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Mine');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await expectToast('Success', 'Timeline entry updated successfully');
    const versions = calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version: number }).version);
    expect(versions).toEqual([1, 2]);
    expect(entries.find((e) => e.id === 1)).toMatchObject({ title: 'Mine', version: 3 });
  });

  it('delete asks first; Cancel keeps the entry, Delete removes it', async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Delete entry' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this timeline entry?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Delete entry' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this timeline entry?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Timeline entry deleted successfully');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/timeline/3');
    // With the version read as If-Match (ADR 022).
    const del = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(del[1]!.headers).toEqual({ 'if-match': '"1"' });
    await waitFor(() => expect(items()).toHaveLength(2));
  });

  it("quick contact: 'Notes are required', then logs and toasts; a failure toasts with the message", async () => {
    setup();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Log call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call' });
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('Notes are required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'Confirmed the budget.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log call' }));
    await expectToast('Success', 'Contact logged successfully');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/leads/7/quick-contact',
      body: { type: 'call', notes: 'Confirmed the budget.' },
    });

    failWrites = true;
    fireEvent.click(screen.getByRole('button', { name: 'Log chat' }));
    const chat = await screen.findByRole('dialog', { name: 'Log chat' });
    fireEvent.change(within(chat).getByLabelText('Notes'), { target: { value: 'Hi' } });
    fireEvent.click(within(chat).getByRole('button', { name: 'Log chat' }));
    await expectToast('Error', 'Failed to log contact: 404: Lead not found');
  });
});
