import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAttachments } from './email-attachments.tsx';

const attachment = (filename: string, contentType = 'application/octet-stream') => ({
  id: 9,
  filename,
  contentType,
  size: 48_000,
});

// A sender picks the file name: a right-to-left override must not make an executable look like a
// PDF (issue 31).
describe('EmailAttachments', () => {
  it('shows a name with a right-to-left override as it really is, with its real extension', () => {
    render(<EmailAttachments attachments={[attachment('fatura\u202Efdp.exe')]} />);
    const name = screen.getByTestId('email-attachment-name');
    expect(name.textContent).toBe('faturafdp.exe');
    expect(name.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(name.lastElementChild?.textContent).toBe('.exe');
    const link = screen.getByTestId('email-attachment');
    expect(link).toHaveAttribute('download', 'faturafdp.exe');
    expect(link.getAttribute('aria-label')).toMatch(/^Download faturafdp\.exe \(\d/);
    expect(link.getAttribute('title')).toBe('Download faturafdp.exe');
  });

  it('keeps an ordinary name, its extension apart so a long name is cut before it', () => {
    render(<EmailAttachments attachments={[attachment('Proposta BMW X5 Março.pdf', 'application/pdf')]} />);
    const name = screen.getByTestId('email-attachment-name');
    expect(name.textContent).toBe('Proposta BMW X5 Março.pdf');
    expect(name.firstElementChild).toHaveClass('truncate');
    expect(name.lastElementChild).toHaveClass('shrink-0');
  });
});
