import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate } from '#shared/schemas/email.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { EmailTemplatesPage } from './email-templates-page.tsx';

const LONG_BODY = `Olá {{firstName}}, ${'obrigado pelo seu pedido. '.repeat(6)}`;
const template = (over: Partial<EmailTemplate>): EmailTemplate => ({
  id: 1,
  templateId: 'follow-up',
  title: 'Seguimento',
  body: LONG_BODY,
  version: 1,
  protected: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T11:30:00.000Z',
  ...over,
});

/** A fake server holding the templates: list, create, update, delete. */
function serve(initial: EmailTemplate[]) {
  let list = [...initial];
  const calls = stubFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/email-templates') return json(list);
    if (call.method === 'POST') {
      const created = template({ id: 50, ...(call.body as object), version: 1 });
      list = [...list, created];
      return json(created, 201);
    }
    const id = Number(call.path.split('/').pop());
    if (call.method === 'PUT') {
      list = list.map((t) => (t.id === id ? { ...t, ...(call.body as object), version: t.version + 1 } : t));
      return json(list.find((t) => t.id === id));
    }
    if (call.method === 'DELETE') {
      list = list.filter((t) => t.id !== id);
      return json({ ok: true });
    }
    return undefined;
  });
  return calls;
}
const show = () => renderWithProviders(<EmailTemplatesPage />, { path: '/admin/email-templates' });
const cards = async () => screen.findAllByTestId('template-card');
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

describe('Email templates page', () => {
  it('cards show title, template ID, the first 100 characters, dates; the proposal one cannot be deleted', async () => {
    serve([template({}), template({ id: 2, templateId: 'proposal-email', title: 'Proposta', protected: true })]);
    show();
    const [first, proposal] = await cards();
    expect(within(first!).getByRole('heading', { name: 'Seguimento' })).toBeInTheDocument();
    expect(within(first!).getByTestId('template-id')).toHaveTextContent('follow-up');
    expect(within(first!).getByTestId('template-body-preview')).toHaveTextContent(`${LONG_BODY.slice(0, 100)}…`, {
      normalizeWhitespace: false,
    });
    expect(within(first!).getByText('Created')).toBeInTheDocument();
    expect(within(first!).getByText('Updated')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(proposal!).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(proposal!).getByText('Proposals')).toBeInTheDocument();
  });

  it('delete asks first: Cancel keeps it, Delete removes it with the success message', async () => {
    const calls = serve([template({})]);
    show();
    const [card] = await cards();
    fireEvent.click(within(card!).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete this email template?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(calls)).toHaveLength(0);

    fireEvent.click(within(card!).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Email template deleted successfully');
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/email-templates/1']);
    expect(await screen.findByText('No email templates yet')).toBeInTheDocument();
  });

  it('the editor: a variable chip inserts at the cursor; unknown variables are flagged before saving', async () => {
    const calls = serve([]);
    show();
    await screen.findByText('No email templates yet');
    fireEvent.click(screen.getByRole('button', { name: 'New Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Email Template' });
    fireEvent.change(within(dialog).getByLabelText('Template ID'), { target: { value: 'ola' } });
    const title = within(dialog).getByLabelText("Title (the e-mail's subject)");
    fireEvent.change(title, { target: { value: 'Olá' } });
    const body = within(dialog).getByLabelText('Body') as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Bom dia , obrigado.' } });
    // The caret after "Bom dia ": the chip goes there, not at the end.
    fireEvent.focus(body);
    body.setSelectionRange(8, 8);
    const chips = within(dialog).getByRole('group', { name: 'Insert a variable' });
    fireEvent.click(within(chips).getByRole('button', { name: '{{firstName}}' }));
    expect(body).toHaveValue('Bom dia {{firstName}}, obrigado.');

    // In the title too, when it was the last field used.
    fireEvent.focus(title);
    (title as HTMLInputElement).setSelectionRange(3, 3);
    fireEvent.click(within(chips).getByRole('button', { name: '{{reference}}' }));
    expect(title).toHaveValue('Olá{{reference}}');

    fireEvent.change(body, { target: { value: 'Bom dia {{primeiroNome}} e {{firstName}} {{foo}}' } });
    expect(within(dialog).getByTestId('unknown-variables')).toHaveTextContent(
      'Unknown variables: {{primeiroNome}}, {{foo}}',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Body')).toHaveAttribute('aria-invalid', 'true'));
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(body, { target: { value: 'Bom dia {{firstName}}' } });
    expect(within(dialog).queryByTestId('unknown-variables')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Template' }));
    await expectToast('Success', 'Email template created successfully');
    expect(writes(calls)[0]!.body).toMatchObject({
      templateId: 'ola',
      title: 'Olá{{reference}}',
      body: 'Bom dia {{firstName}}',
    });
  });

  it('preview fills the variables with sample data', async () => {
    serve([template({ title: 'Para {{firstName}}', body: 'Olá {{firstName}} {{lastName}}, <b>bem-vindo</b>' })]);
    show();
    const [card] = await cards();
    fireEvent.click(within(card!).getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('email-preview-subject')).toHaveTextContent('Para João');
    expect(within(dialog).getByTestId('email-preview-body').innerHTML).toBe('Olá João Silva, <b>bem-vindo</b>');
  });
});
