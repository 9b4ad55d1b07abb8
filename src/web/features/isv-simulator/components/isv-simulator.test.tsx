import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IsvSimulatorScreen, ISV_SIMULATOR_DESCRIPTION } from '../../../app/routes/public/isv-simulator.tsx';

function QuoteFormProbe() {
  const location = useLocation();
  return <output data-testid="landing">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

/** Renders the screen and waits for its calculator (loaded after the heading). */
async function renderPage(url = '/simulador-isv') {
  const router = createMemoryRouter(
    [
      { path: '/simulador-isv', Component: IsvSimulatorScreen },
      { path: '/', Component: QuoteFormProbe },
    ],
    { initialEntries: [url] },
  );
  const view = render(<RouterProvider router={router} />);
  await screen.findByTestId('isv-valor');
  return view;
}

const isv = () => screen.getByTestId('isv-valor');
const line = (key: string) => document.querySelector(`[data-linha="${key}"]`) as HTMLElement;

describe('/simulador-isv', () => {
  beforeEach(() => window.history.replaceState(null, '', '/simulador-isv'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('computes the worked example live as the user types and itemises it', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Simulador de ISV' })).toBeInTheDocument();
    expect(isv()).toHaveTextContent('—');

    await user.click(screen.getByRole('radio', { name: 'Gasolina' }));
    await user.type(screen.getByLabelText('Cilindrada (cm³)'), '1395');
    await user.type(screen.getByLabelText('Emissões de CO₂ (g/km)'), '135');
    await user.click(screen.getByRole('radio', { name: 'WLTP' }));
    await user.type(screen.getByLabelText('Data da 1.ª matrícula'), '2020-06-01');
    const declaration = screen.getByLabelText('Data da declaração aduaneira');
    await user.clear(declaration);
    await user.type(declaration, '2025-11-21');

    expect(isv()).toHaveTextContent('830,23 €');
    expect(line('cilindrada')).toHaveTextContent('Componente cilindrada1.631,07 €');
    expect(line('ambiental')).toHaveTextContent('Componente ambiental98,57 €');
    expect(line('particulas')).toHaveTextContent('Agravamento partículas0,00 €');
    expect(line('reducao')).toHaveTextContent('Redução por antiguidade52%-899,41 €');
    expect(line('intermedia')).toHaveTextContent('Taxa intermédia100%0,00 €');
    expect(line('isv')).toHaveTextContent('ISV a pagar830,23 €');
    expect(line('total')).toHaveTextContent('Total de impostos830,23 €');

    // The inputs are in the address, ready to share.
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      matricula: '2020-06-01',
      cc: '1395',
      co2: '135',
      ciclo: 'wltp',
      declaracao: '2025-11-21',
    });

    // A price and odometer of a used car: IVA 0, total shown.
    await user.type(screen.getByLabelText('Preço do carro (€)'), '15.000');
    await user.type(screen.getByLabelText('Quilómetros'), '85000');
    expect(line('iva')).toHaveTextContent('IVA0,00 €');
    expect(screen.getByTestId('isv-total-impostos')).toHaveTextContent('Total de impostos: 830,23 €');
  });

  it('restores a shared link and carries the car into the quote form', async () => {
    const user = userEvent.setup();
    await renderPage('/simulador-isv?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp&declaracao=2025-11-21&preco=15000&km=85000');
    expect(screen.getByLabelText('Cilindrada (cm³)')).toHaveValue('1395');
    expect(screen.getByLabelText('Data da 1.ª matrícula')).toHaveValue('2020-06-01');
    expect(screen.getByRole('radio', { name: 'WLTP' })).toBeChecked();
    expect(isv()).toHaveTextContent('830,23 €');

    await user.click(screen.getByRole('link', { name: 'Pedir orçamento para este carro' }));
    await waitFor(() =>
      expect(screen.getByTestId('landing')).toHaveTextContent('/?vehicleChoice=brand_model&year=2020&budget=15000&mileage=85000&fuelType=gasolina#pedir-orcamento'),
    );
  });

  it('shows Portuguese messages per field and holds back "missing" until the field is left', async () => {
    const user = userEvent.setup();
    await renderPage('/simulador-isv?matricula=2020-06-01');
    const cc = screen.getByLabelText('Cilindrada (cm³)');
    expect(screen.queryByText('Indique a cilindrada em cm³.')).not.toBeInTheDocument();
    expect(screen.getByTestId('isv-pendente')).toHaveTextContent('Preencha a cilindrada e o CO₂ para ver o ISV.');

    await user.click(cc);
    await user.tab();
    expect(screen.getByText('Indique a cilindrada em cm³.')).toBeInTheDocument();
    expect(cc).toHaveAttribute('aria-invalid', 'true');
    expect(cc).toHaveAccessibleDescription(expect.stringContaining('Indique a cilindrada em cm³.'));

    await user.type(cc, '13,5');
    expect(screen.getByText('A cilindrada deve ser um número inteiro positivo de cm³ (ex.: 1395).')).toBeInTheDocument();
    expect(screen.getByTestId('isv-pendente')).toHaveTextContent('Corrija a cilindrada para ver o ISV.');
  });

  it('asks only what the chosen car needs and notes the assumed CO2 cycle', async () => {
    const user = userEvent.setup();
    await renderPage('/simulador-isv?matricula=2017-03-01&cc=1968&co2=150&combustivel=gasoleo');
    expect(screen.getByRole('note')).toHaveTextContent('Com 1.ª matrícula antes de setembro de 2018 assumimos NEDC. Confirme no certificado de conformidade');
    expect(screen.getByRole('radio', { name: 'NEDC' })).toBeChecked();
    expect(line('particulas')).toHaveTextContent('500,00 €');
    await user.click(screen.getByRole('checkbox', { name: /Partículas abaixo de 0,001 g\/km/ }));
    expect(line('particulas')).toHaveTextContent('0,00 €');

    await user.click(screen.getByRole('radio', { name: 'Híbrido plug-in' }));
    expect(screen.getByLabelText('Autonomia elétrica (km)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Homologado Euro 6e-bis' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Elétrico' }));
    expect(screen.queryByLabelText('Cilindrada (cm³)')).not.toBeInTheDocument();
    expect(isv()).toHaveTextContent('0,00 €');
    expect(within(screen.getByTestId('isv-linhas')).getByText('Os carros 100% elétricos estão isentos de ISV.')).toBeInTheDocument();
  });

  it('sets the title and the meta description, and keeps zod from probing eval (CSP)', async () => {
    await renderPage();
    expect(z.config().jitless).toBe(true);
    expect(document.title).toBe('Simulador de ISV para carros importados | AutoImport');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', ISV_SIMULATOR_DESCRIPTION);
  });
});
