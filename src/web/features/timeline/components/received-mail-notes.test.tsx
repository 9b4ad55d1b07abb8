import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttachmentsNotKept, MailAuthVerdict } from './received-mail-notes.tsx';

// What a received e-mail's entry says about the message itself (issue 31, ADR 064).
describe('received mail notes', () => {
  it('a failing SPF/DKIM/DMARC verdict is a warning naming the checks and who checked', () => {
    render(
      <MailAuthVerdict
        verdict={{ by: 'mx.google.com', spf: 'fail', dkim: 'pass', dmarc: 'fail', failed: ['spf', 'dmarc'] }}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      'The sender could not be verified (SPF, DMARC failed): this e-mail may not come from who it says. Do not open links or files unless you expected them. Checked by mx.google.com: SPF fail, DKIM pass, DMARC fail.',
    );
  });

  it('a passing verdict is a quiet line, no warning', () => {
    render(<MailAuthVerdict verdict={{ by: 'mx.empresa.pt', spf: 'pass', dkim: null, dmarc: 'pass', failed: [] }} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByTestId('mail-auth-verdict').textContent).toBe('Checked by mx.empresa.pt: SPF pass, DMARC pass');
  });

  it('an attachment not kept shows its real name, its size and why', () => {
    render(
      <AttachmentsNotKept
        files={[{ filename: 'fatura\u202Efdp.exe', size: 30 * 1024 * 1024, reason: 'Not kept: too large.' }]}
      />,
    );
    const item = screen.getByRole('list', { name: 'Attachments not kept' });
    expect(item.textContent).toBe('faturafdp.exe (30 MB): Not kept: too large.');
  });
});
