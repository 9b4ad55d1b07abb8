import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import '#web/lib/zod-jitless.ts';
import { PublicApp } from '#web/app/public-app.tsx';
import { ISV_SIMULATOR_DESCRIPTION } from '#web/app/public-meta.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';

const settings: PublicSettings = {
  company: { name: 'AutoImport', logoUrl: '', phone: '+351 210 000 000', email: 'geral@ai.pt' },
  managers: {
    geral: { name: 'Rita Fernandes', phone: '+351 912 345 678' },
    comercial: { name: 'Miguel Costa', phone: '935 555 111' },
  },
};

/** Renders the screen as main.tsx does for a page load at `url`, and waits for its calculator (its own chunk). */
async function renderPage(url = '/simulador-isv') {
  window.history.replaceState(null, '', url);
  const view = render(
    <PublicApp
      route={{ kind: 'isv-simulator' }}
      data={{ settings, currentYear: 2026 }}
      search={window.location.search}
      withToaster={false}
    />,
  );
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

    expect(isv()).toHaveTextContent('€830,23');
    expect(line('cilindrada')).toHaveTextContent('Componente cilindrada€1 631,07');
    expect(line('ambiental')).toHaveTextContent('Componente ambiental€98,57');
    expect(line('particulas')).toHaveTextContent('Agravamento partículas€0,00');
    expect(line('reducao')).toHaveTextContent('Redução por antiguidade52%-€899,41');
    expect(line('intermedia')).toHaveTextContent('Taxa intermédia100%€0,00');
    expect(line('isv')).toHaveTextContent('ISV a pagar€830,23');
    expect(line('total')).toHaveTextContent('Total de impostos€830,23');

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
    expect(line('iva')).toHaveTextContent('IVA€0,00');
    expect(screen.getByTestId('isv-total-impostos')).toHaveTextContent('Total de impostos: €830,23');
  });

  it('restores a shared link and carries the car into the quote form', async () => {
    await renderPage(
      '/simulador-isv?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp&declaracao=2025-11-21&preco=15000&km=85000',
    );
    expect(screen.getByLabelText('Cilindrada (cm³)')).toHaveValue('1395');
    expect(screen.getByLabelText('Data da 1.ª matrícula')).toHaveValue('2020-06-01');
    expect(screen.getByRole('radio', { name: 'WLTP' })).toBeChecked();
    expect(isv()).toHaveTextContent('€830,23');

    // A plain link to the landing page's quote form (its own server-rendered page).
    expect(screen.getByRole('link', { name: 'Pedir orçamento para este carro' })).toHaveAttribute(
      'href',
      '/?vehicleChoice=brand_model&year=2020&budget=15000&mileage=85000&fuelType=gasolina#pedir-orcamento',
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
    expect(
      screen.getByText('A cilindrada deve ser um número inteiro positivo de cm³ (ex.: 1395).'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('isv-pendente')).toHaveTextContent('Corrija a cilindrada para ver o ISV.');
  });

  it('asks only what the chosen car needs and notes the assumed CO2 cycle', async () => {
    const user = userEvent.setup();
    await renderPage('/simulador-isv?matricula=2017-03-01&cc=1968&co2=150&combustivel=gasoleo');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Com 1.ª matrícula antes de setembro de 2018 assumimos NEDC. Confirme no certificado de conformidade',
    );
    expect(screen.getByRole('radio', { name: 'NEDC' })).toBeChecked();
    expect(line('particulas')).toHaveTextContent('€500,00');
    await user.click(screen.getByRole('checkbox', { name: /Partículas abaixo de 0,001 g\/km/ }));
    expect(line('particulas')).toHaveTextContent('€0,00');

    await user.click(screen.getByRole('radio', { name: 'Híbrido plug-in' }));
    expect(screen.getByLabelText('Autonomia elétrica (km)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Homologado Euro 6e-bis' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Elétrico' }));
    expect(screen.queryByLabelText('Cilindrada (cm³)')).not.toBeInTheDocument();
    expect(isv()).toHaveTextContent('€0,00');
    expect(
      within(screen.getByTestId('isv-linhas')).getByText('Os carros 100% elétricos estão isentos de ISV.'),
    ).toBeInTheDocument();
  });

  it('sets the title and the meta description, and keeps zod from probing eval (CSP)', async () => {
    await renderPage();
    expect(z.config().jitless).toBe(true);
    // The browser entry runs the setting before anything else it imports.
    const entry = readFileSync('src/web/main.tsx', 'utf8');
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import '#web/lib/zod-jitless.ts';");
    expect(document.title).toBe('Simulador de ISV para carros importados | AutoImport');
    expect(screen.getByRole('banner')).toHaveTextContent('AutoImport');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('+351 210 000 000');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      ISV_SIMULATOR_DESCRIPTION,
    );
  });
});
