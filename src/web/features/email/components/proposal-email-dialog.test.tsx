import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate, SendContext } from '#shared/schemas/email.ts';
import type { Lead } from '#shared/schemas/leads.ts';
import type { User } from '#shared/schemas/users.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { buildProposalAnswer } from '#test/web/import-fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { expectToast } from '#test/web/toasts.ts';
import { ProposalEmailDialog } from './proposal-email-dialog.tsx';

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

const PROPOSAL_TEMPLATE: EmailTemplate = {
  id: 1,
  templateId: 'proposal-email',
  title: 'Proposta {{vehicleMake}} {{vehicleModel}}',
  body: 'Olá {{firstName}}, veja {{proposalUrl}}\nViatura: {{proposalValue}}\nISV: {{proposalIsv}}\nServiço: {{proposalService}}\nTotal: {{proposalFinal}}',
  version: 1,
  protected: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const CONTEXT: SendContext = {
  account: 'geral',
  from: 'geral@autoimport.pt',
  connected: true,
  signature: '<p>Equipa</p>',
};

function serve(templates: EmailTemplate[] = [PROPOSAL_TEMPLATE]) {
  return stubFetch({
    'GET /api/leads/7/send-email': CONTEXT,
    'GET /api/email-templates': templates,
    // The link comes from the server's PUBLIC_URL, never the browser's address (docs/rulings.md ruling 23).
    'GET /api/public-url': { publicUrl: 'https://www.example.pt' },
    'POST /api/leads/7/send-email': json(
      { outboxId: 5, timelineId: 9, messageId: '<m@autoimport.pt>', status: 'sent', error: null },
      200,
    ),
  });
}
const proposal = buildProposalAnswer({ id: 12, leadId: 7, publicId: 'p-abc' });
const show = (lead: Lead = buildLead({ id: 7, firstName: 'Rita' })) =>
  renderWithProviders(<ProposalEmailDialog lead={lead} user={user} proposal={proposal} onOpenChange={() => {}} />);
const posted = (calls: FetchCall[]) => calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;

afterEach(() => {
  act(() => dismiss());
  vi.unstubAllGlobals();
});

describe('Send proposal email dialog', () => {
  it('previews the proposal-email template with the link and euros; English switches the page', async () => {
    serve();
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Send proposal email' });
    const body = await within(dialog).findByTestId('email-preview-body');
    expect(within(dialog).getByTestId('email-preview-subject')).toHaveTextContent('Proposta Audi A4 Avant');
    expect(body).toHaveTextContent('veja https://www.example.pt/proposta/p-abc');
    expect(body.textContent).toMatch(/Viatura: €24\s500,00/);
    expect(body.textContent).toMatch(/ISV: €3\s120,55/);
    expect(body.textContent).toMatch(/Serviço: €2\s340,00/);
    expect(body.textContent).toMatch(/Total: €29\s960,55/);
    expect(await within(dialog).findByTestId('email-preview-signature')).toHaveTextContent('Equipa');

    expect(within(dialog).getByRole('radio', { name: 'Portuguese' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'English' }));
    expect(body).toHaveTextContent('veja https://www.example.pt/proposals/p-abc');
  });

  it('sends the filled template with the proposal and the chosen language', async () => {
    const calls = serve();
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Send proposal email' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'English' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await expectToast('Success', 'Proposal email sent successfully');
    const sent = posted(calls);
    expect(sent).toMatchObject({
      subject: 'Proposta Audi A4 Avant',
      templateId: 'proposal-email',
      proposalId: 12,
      includeSignature: true,
    });
    expect(sent.body).toContain('Olá Rita, veja https://www.example.pt/proposals/p-abc');
  });

  it("'Proposal email template not found' when the template is missing: nothing can be sent", async () => {
    const calls = serve([]);
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Send proposal email' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Proposal email template not found');
    expect(within(dialog).getByRole('button', { name: 'Send proposal' })).toBeDisabled();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0));
  });

  it('a lead without an e-mail cannot be sent to', async () => {
    serve();
    show(buildLead({ id: 7, email: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Send proposal email' });
    await within(dialog).findByTestId('email-preview');
    expect(within(dialog).getByRole('button', { name: 'No email address set' })).toBeDisabled();
  });
});
