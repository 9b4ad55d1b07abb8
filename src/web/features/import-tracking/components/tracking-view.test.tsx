import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { TrackingView } from './tracking-view.tsx';

const data = (over: Partial<TrackingResponse> = {}): TrackingResponse => ({
  vehicle: { make: 'BMW', model: 'X5', year: 2021 },
  status: 'arrived',
  progress: 50,
  stages: [
    { status: 'confirmed', reachedAt: '2026-11-01T10:00:00.000Z' },
    { status: 'handling_paperwork', reachedAt: '2026-11-03T10:00:00.000Z' },
    { status: 'waiting_transport', reachedAt: null },
    { status: 'in_transit', reachedAt: '2026-11-10T10:00:00.000Z' },
    { status: 'arrived', reachedAt: '2026-11-18T10:00:00.000Z' },
  ],
  startedAt: '2026-11-01T10:00:00.000Z',
  company: { name: 'AutoImport', phone: '+351 910 000 000', email: 'geral@autoimport.pt', logoUrl: '' },
  proposalPath: '/proposta/abc',
  expectedDeliveryDate: null,
  expectedStageDates: {},
  ...over,
});

describe('tracking page', () => {
  it('shows the car, the current stage with its date and percent, every stage reached with its date, and the contacts', () => {
    render(<TrackingView state={{ status: 'shown', data: data() }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('BMW X5 (2021)');
    expect(screen.getByTestId('tracking-current')).toHaveTextContent('Chegou a Portugal');
    expect(screen.getByTestId('tracking-percent')).toHaveTextContent('50% concluído');
    const stages = within(screen.getByTestId('tracking-stages')).getAllByRole('listitem');
    expect(stages).toHaveLength(8);
    expect(stages.map((s) => s.getAttribute('data-reached'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(stages[0]).toHaveTextContent('Concluída a 1 de novembro de 2026');
    expect(stages[4]).toHaveAttribute('aria-current', 'step');
    expect(stages[4]).toHaveTextContent('Desde 18 de novembro de 2026');
    expect(stages[5]).toHaveTextContent('Por concluir');
    expect(screen.getByRole('link', { name: /Ligar/ })).toHaveAttribute('href', 'tel:+351910000000');
    expect(screen.getByRole('link', { name: /Enviar email/ })).toHaveAttribute('href', 'mailto:geral@autoimport.pt');
    expect(screen.getByRole('link', { name: 'Ver a proposta' })).toHaveAttribute('href', '/proposta/abc');
    // No money anywhere.
    expect(document.body.textContent).not.toMatch(/€/);
  });

  it('a canceled import says so, after the stages it had reached', () => {
    render(
      <TrackingView
        state={{
          status: 'shown',
          data: data({
            status: 'canceled',
            progress: 100,
            stages: [
              { status: 'confirmed', reachedAt: '2026-11-01T10:00:00.000Z' },
              { status: 'canceled', reachedAt: '2026-11-05T10:00:00.000Z' },
            ],
            proposalPath: null,
          }),
        }}
      />,
    );
    expect(screen.getByTestId('tracking-current')).toHaveTextContent('Cancelada');
    expect(
      screen.getByText('Esta importação foi cancelada. Se tiver alguma dúvida, fale connosco.'),
    ).toBeInTheDocument();
    const stages = within(screen.getByTestId('tracking-stages')).getAllByRole('listitem');
    expect(stages).toHaveLength(9);
    expect(stages[8]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("'Importação não encontrada' when there is no such import", () => {
    render(<TrackingView state={{ status: 'missing' }} />);
    expect(screen.getByRole('heading', { name: 'Importação não encontrada' })).toBeInTheDocument();
  });
});
