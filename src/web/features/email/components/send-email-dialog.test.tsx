import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_TEMPLATES_NOTE } from '#shared/email/template.ts';
import { SEND_QUEUED, type EmailTemplate, type SendContext, type SendEmailResult } from '#shared/schemas/email.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { User } from '#shared/schemas/users.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { SendEmailButton } from './send-email-dialog.tsx';

const user: User = {
  id: 3,
  username: 'ana',
  email: 'ana@autoimport.pt',
  firstName: 'Ana',
  lastName: 'Costa',
  profileImageUrl: null,
  version: 1,
  role: 'user',
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-01T10:00:00Z'),
};

const template = (id: number, templateId: string, title: string, body: string): EmailTemplate => ({
  id,
  templateId,
  title,
  body,
  version: 1,
  protected: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});
const TEMPLATES = [
  template(1, 'hello', 'Olá {{firstName}}', 'Bom dia {{firstName}} {{lastName}},\nAtenciosamente, {{userName}}'),
  template(2, 'vehicle', 'O seu {{vehicleMake}}', 'Sobre o {{vehicleMake}} {{vehicleModel}}'),
  template(3, 'proposal-email', 'Proposta', 'Veja {{proposalUrl}}'),
];
const CONTEXT: SendContext = {
  account: 'geral',
  from: 'geral@autoimport.pt',
  connected: true,
  signature: '<p><b>Equipa AutoImport</b></p>',
};
const answer = (over: Partial<SendEmailResult>): SendEmailResult => ({
  outboxId: 5,
  timelineId: 9,
  messageId: '<m@autoimport.pt>',
  status: 'queued',
  error: null,
  ...over,
});

/** A fake server: the send context, the templates, and what the send answers. */
function serve({
  templates = TEMPLATES,
  context = CONTEXT,
  result = answer({ status: 'sent' }),
}: { templates?: EmailTemplate[]; context?: SendContext; result?: SendEmailResult } = {}) {
  return stubFetch({
    'GET /api/leads/7/send-email': context,
    'GET /api/email-templates': templates,
    'POST /api/leads/7/send-email': json(result, result.status === 'sent' ? 200 : 202),
    'GET /api/email-outbox/5': result,
  });
}

const show = (lead: Lead) => renderWithProviders(<SendEmailButton lead={lead} user={user} />);
const openDialog = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Send email' }));
  return screen.findByRole('dialog', { name: 'Send email' });
};
const posted = (calls: FetchCall[]) => calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

describe('Send email dialog (lead detail)', () => {
  it("is disabled with 'No email address set' when the lead has no e-mail", async () => {
    serve();
    show(buildLead({ id: 7, email: null }));
    const button = screen.getByRole('button', { name: 'Send email' });
    expect(button).toBeDisabled();
    fireEvent.focus(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('No email address set');
  });

  it('offers every template but the proposal ones, and fills subject and body', async () => {
    serve();
    show(buildLead({ id: 7, firstName: 'Rita', lastName: 'Sousa', vehicleMake: 'BMW', vehicleModel: '320d' }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/from geral@autoimport\.pt/)).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('combobox', { name: 'Template' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['No template', 'Olá {{firstName}}', 'O seu {{vehicleMake}}']);
    fireEvent.click(screen.getByRole('option', { name: 'Olá {{firstName}}' }));
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Olá Rita');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Bom dia Rita Sousa,\nAtenciosamente, Ana Costa');
    expect(within(dialog).queryByTestId('missing-values')).toBeNull();
  });

  it('offers a template the lead cannot fill, highlights what is missing and sends only once it is filled (ADR 063)', async () => {
    const calls = serve();
    // A lead from e-mail: make and model unknown (stored empty), and an older one saying 'Not specified'.
    show(buildLead({ id: 7, firstName: 'Rita', vehicleMake: '', vehicleModel: 'Not specified' }));
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'O seu {{vehicleMake}}' }));
    const subject = within(dialog).getByLabelText('Subject');
    const message = within(dialog).getByLabelText('Message');
    expect(subject).toHaveValue('O seu [Vehicle Make]');
    expect(message).toHaveValue('Sobre o [Vehicle Make] [Vehicle Model]');
    const missing = within(dialog).getByTestId('missing-values');
    expect(missing).toHaveTextContent('Fill in before sending');
    expect(
      within(missing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['[Vehicle Make]', '[Vehicle Model]']);
    // Each placeholder is highlighted where it stands in the message.
    const marks = within(dialog).getByTestId('placeholder-highlights').querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['[Vehicle Make]', '[Vehicle Model]']);

    // A placeholder's button selects it, so typing replaces it.
    fireEvent.click(within(missing).getByRole('button', { name: '[Vehicle Model]' }));
    const area = message as HTMLTextAreaElement;
    expect(document.activeElement).toBe(area);
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('[Vehicle Model]');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        "Replace [Vehicle Make], [Vehicle Model] with the lead's details before sending.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(subject, { target: { value: 'O seu Audi' } });
    fireEvent.change(message, { target: { value: 'Sobre o Audi A4' } });
    expect(within(dialog).queryByTestId('missing-values')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Success', 'Email sent successfully');
    expect(posted(calls)).toMatchObject({ subject: 'O seu Audi', body: 'Sobre o Audi A4', templateId: 'vehicle' });
  });

  it('says why no template is offered when only proposal templates exist', async () => {
    serve({ templates: [TEMPLATES[2]!] });
    show(buildLead({ id: 7, vehicleMake: 'Not specified' }));
    const dialog = await openDialog();
    expect(await within(dialog).findByTestId('no-templates-note')).toHaveTextContent(NO_TEMPLATES_NOTE);
    expect(within(dialog).queryByRole('combobox', { name: 'Template' })).toBeNull();
  });

  it('previews the signature while it is included; unticked, the e-mail goes without it', async () => {
    const calls = serve();
    show(buildLead({ id: 7 }));
    const dialog = await openDialog();
    const preview = await within(dialog).findByTestId('signature-preview');
    expect(preview.innerHTML).toBe('<p><b>Equipa AutoImport</b></p>');
    const toggle = within(dialog).getByRole('checkbox', { name: 'Include signature' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(within(dialog).queryByTestId('signature-preview')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Olá <b>Maria</b>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Success', 'Email sent successfully');
    expect(posted(calls)).toMatchObject({ body: 'Olá <b>Maria</b>', includeSignature: false, templateId: null });
    expect(posted(calls).idempotencyKey).toEqual(expect.any(String));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses an empty message before sending', async () => {
    const calls = serve();
    show(buildLead({ id: 7 }));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says clearly when the message waits in the queue (mail server not answering), with the reason', async () => {
    serve({ result: answer({ status: 'queued', error: 'connect ECONNREFUSED 127.0.0.1:587' }) });
    show(buildLead({ id: 7 }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Olá' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Email queued', `${SEND_QUEUED} Last attempt: connect ECONNREFUSED 127.0.0.1:587`);
  });

  it('a refused message is a failure toast with the server reason', async () => {
    serve({ result: answer({ status: 'failed', error: '550 5.1.1 Mailbox unknown' }) });
    show(buildLead({ id: 7 }));
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Olá' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expectToast('Error', 'Failed to send email: 550 5.1.1 Mailbox unknown');
  });

  it('warns before sending that a mailbox not connected keeps the e-mail waiting', async () => {
    serve({ context: { ...CONTEXT, from: null, connected: false } });
    show(buildLead({ id: 7 }));
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'The geral mailbox is not connected: the email waits in the queue and leaves once it is.',
    );
  });
});
