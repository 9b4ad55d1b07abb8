import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Faq, faqItems } from './faq.tsx';

describe('FAQ accordion', () => {
  it('has the four questions, one answer open at a time; clicking the open one closes it', () => {
    render(<Faq items={faqItems('/simulador-isv')} />);
    const questions = screen.getAllByRole('button');
    expect(questions.map((q) => q.textContent)).toEqual([
      'Quanto tempo demora a importação?',
      'Como funciona o pedido de orçamento?',
      'Que documentos são necessários?',
      'Porque não importar por conta própria?',
    ]);
    const expanded = () => questions.map((q) => q.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(['false', 'false', 'false', 'false']);

    fireEvent.click(questions[2]!);
    expect(expanded()).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getByRole('region', { name: 'Que documentos são necessários?' })).toHaveTextContent(
      'Particular: cartão de cidadão e comprovativo de morada fiscal.Empresa: cartão de cidadão dos sócios ou gerentes e certidão permanente.',
    );

    fireEvent.click(questions[0]!);
    expect(expanded()).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.queryByRole('region', { name: 'Que documentos são necessários?' })).toBeNull();

    fireEvent.click(questions[0]!);
    expect(expanded()).toEqual(['false', 'false', 'false', 'false']);
  });

  it('links the quote question to the ISV simulator', () => {
    render(<Faq items={faqItems('/simulador-isv')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Como funciona o pedido de orçamento?' }));
    expect(screen.getByRole('link', { name: 'simulador de ISV' })).toHaveAttribute('href', '/simulador-isv');
  });
});
