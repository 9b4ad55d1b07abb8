import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { stubFetch } from '#test/web/fetch-stub.ts';
import { ProposalView } from './proposal-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const settings: PublicSettings = {
  company: { name: 'AI', logoUrl: '', phone: '+351 210 000 000', email: 'geral@ai.pt' },
  managers: {
    geral: { name: 'Rita Fernandes', phone: '+351 912 345 678' },
    comercial: { name: 'Miguel Costa', phone: '935 555 111' },
  },
};

const data = (
  over: Partial<PublicProposalResponse['proposal']> = {},
  lead: PublicProposalResponse['lead'] | null = {
    firstName: 'Joana',
    lastName: 'Martins',
    email: 'j@x.pt',
    reference: 'L1',
    emailSource: 'geral',
  },
): PublicProposalResponse => ({
  proposal: {
    vehicleBrand: 'BMW',
    vehicleModel: 'X1',
    vehicleSubmodel: null,
    vehicleFirstRegistration: '03/2020',
    vehicleMileage: 45000,
    vehicleEngineSize: 1995,
    vehicleFuelType: 'diesel',
    vehiclePower: '110 kW',
    vehicleCo2Emissions: null,
    vehicleCountry: 'Alemanha',
    vehiclePrice: '20000.00',
    vehicleOriginalPrice: null,
    vehiclePriceWithoutVat: null,
    vehicleGearbox: null,
    listedPrice: null,
    listedCurrency: null,
    exchangeRate: null,
    exchangeRateDate: null,
    taxTablesPending: null,
    isvCost: '1000.00',
    ivaCost: '0',
    transportCost: '2000.00',
    registrationFee: '340.00',
    totalCost: '23340.00',
    sourceListing: 'https://suchen.mobile.de/x',
    imageUrls: ['/a.png', '/b.png', '/c.png'],
    ...over,
  },
  ...(lead ? { lead } : {}),
});

const view = (initial: PublicProposalResponse | null | undefined, lang: 'pt' | 'en' = 'pt') =>
  render(<ProposalView publicId="p-1" lang={lang} initial={initial} settings={settings} />);

describe('proposal page', () => {
  it("loads: 'A carregar proposta...', then the proposal", async () => {
    const calls = stubFetch({
      'GET /api/proposals/public/p-1': data(),
      'POST /api/proposals/public/p-1/view': { counted: true },
    });
    view(undefined);
    expect(screen.getByText('A carregar proposta...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'BMW X1' })).toBeInTheDocument();
    // Shown, the page counts the view.
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'GET /api/proposals/public/p-1',
        'POST /api/proposals/public/p-1/view',
      ]),
    );
  });

  it('shows the not-found state for a 404, any failure or missing data', async () => {
    for (const answer of [
      new Response('{"message":"x"}', { status: 404 }),
      new Response('oops', { status: 500 }),
      new Response('{}', { status: 200 }),
      new TypeError('offline'),
    ]) {
      stubFetch(() => {
        if (answer instanceof Error) throw answer;
        return answer;
      });
      const { unmount } = view(undefined);
      expect(await screen.findByRole('heading', { name: 'Proposta não encontrada' })).toBeInTheDocument();
      expect(screen.getByText('A proposta solicitada não existe ou não está disponível.')).toBeInTheDocument();
      unmount();
    }
    view(null, 'en');
    expect(screen.getByRole('heading', { name: 'Proposal not found' })).toBeInTheDocument();
  });

  it('shows client info only with lead data, with the reference prefixed by #', () => {
    const { unmount } = view(data());
    const client = screen.getByRole('region', { name: 'Cliente' });
    expect(client).toHaveTextContent('Joana Martins');
    expect(client).toHaveTextContent('j@x.pt');
    expect(client).toHaveTextContent('#L1');
    unmount();
    view(data({}, null));
    expect(screen.queryByRole('region', { name: 'Cliente' })).toBeNull();
  });

  it("shows the vehicle, 'Ver Anúncio Original' in a new tab, and no empty rows", () => {
    view(data());
    const info = screen.getByRole('region', { name: 'Dados do veículo' });
    expect(info).toHaveTextContent('Quilometragem45 000 km');
    expect(within(info).getByText('Gasóleo')).toBeInTheDocument();
    expect(within(info).queryByText('Versão')).toBeNull();
    expect(within(info).queryByText('Emissões de CO2')).toBeNull();
    const link = within(info).getByRole('link', { name: /Ver Anúncio Original/ });
    expect(link).toHaveAttribute('href', 'https://suchen.mobile.de/x');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('carousel: arrows only above 2 images; failed images are hidden and not counted', () => {
    const { unmount } = view(data());
    expect(screen.getByRole('heading', { name: 'Fotografias do Veículo (3)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fotografias seguintes' })).toBeInTheDocument();
    fireEvent.error(screen.getAllByRole('img')[1]!);
    expect(screen.getByRole('heading', { name: 'Fotografias do Veículo (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fotografias seguintes' })).toBeNull();
    unmount();
    view(data({ imageUrls: [] }));
    expect(screen.queryByRole('heading', { name: /Fotografias do Veículo/ })).toBeNull();
  });

  it('gallery: image n of total, wraparound, thumbnails, keys, swipes and the natural size', async () => {
    view(data(), 'en');
    fireEvent.click(screen.getByRole('button', { name: 'View photo 3 full screen' }));
    const dialog = await screen.findByRole('dialog');
    const counter = () => within(dialog).getByTestId('gallery-counter').textContent;
    expect(counter()).toBe('Image 3 of 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(counter()).toBe('Image 1 of 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(counter()).toBe('Image 3 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(counter()).toBe('Image 1 of 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(counter()).toBe('Image 3 of 3');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 300 }], changedTouches: [{ clientX: 300 }] });
    fireEvent.touchEnd(dialog, { touches: [], changedTouches: [{ clientX: 100 }] });
    expect(counter()).toBe('Image 1 of 3');
    fireEvent.touchStart(dialog, { touches: [{ clientX: 100 }], changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(dialog, { touches: [], changedTouches: [{ clientX: 130 }] }); // a tap, not a swipe
    expect(counter()).toBe('Image 1 of 3');
    const thumbs = within(within(dialog).getByTestId('gallery-thumbnails')).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    fireEvent.click(thumbs[1]!);
    expect(counter()).toBe('Image 2 of 3');
    expect(thumbs[1]).toHaveAttribute('aria-current', 'true');
    const image = within(dialog).getByTestId('gallery-image') as HTMLImageElement;
    Object.defineProperty(image, 'naturalWidth', { value: 1600 });
    Object.defineProperty(image, 'naturalHeight', { value: 1067 });
    fireEvent.load(image);
    expect(within(dialog).getByTestId('gallery-size')).toHaveTextContent('1600 × 1067 px');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gallery with one image: no thumbnails, no arrows', async () => {
    view(data({ imageUrls: ['/only.png'] }));
    fireEvent.click(screen.getByRole('button', { name: 'Ver fotografia 1 em ecrã inteiro' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('gallery-counter')).toHaveTextContent('Imagem 1 de 1');
    expect(within(dialog).queryByTestId('gallery-thumbnails')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Fotografia seguinte' })).toBeNull();
  });

  it("manager card follows the lead's mailbox, with call, SMS and WhatsApp links", async () => {
    const { unmount } = view(
      data({}, { firstName: 'P', lastName: null, email: null, reference: 'L2', emailSource: 'comercial' }),
    );
    expect(screen.getByRole('heading', { name: 'Gestor' })).toBeInTheDocument();
    expect(screen.getByTestId('manager-name')).toHaveTextContent('Miguel Costa');
    fireEvent.click(screen.getByRole('button', { name: 'Contactar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contactar Miguel Costa' });
    expect(within(dialog).getByRole('link', { name: /Ligar/ })).toHaveAttribute('href', 'tel:+351935555111');
    expect(within(dialog).getByRole('link', { name: 'Enviar SMS' })).toHaveAttribute('href', 'sms:+351935555111');
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/351935555111',
    );
    act(() => unmount());
    for (const lead of [
      null,
      { firstName: 'P', lastName: null, email: null, reference: 'L3', emailSource: 'geral' as const },
    ]) {
      const r = view(data({}, lead));
      expect(screen.getByTestId('manager-name')).toHaveTextContent('Rita Fernandes');
      r.unmount();
    }
  });

  it('price card: struck original, VAT-free price, IVA only above 0, ISV + IVA, service, total', () => {
    view(
      data({
        vehicleOriginalPrice: '21500.00',
        vehiclePriceWithoutVat: '16806.72',
        ivaCost: '850.50',
        totalCost: '24190.50',
      }),
    );
    const card = screen.getByRole('region', { name: 'Resumo de custos' });
    expect(within(card).getByTestId('price')).toHaveTextContent('Preço anterior: €21 500€20 000');
    expect(within(card).getByTestId('original-price').tagName).toBe('S');
    expect(within(card).getByTestId('price-without-vat')).toHaveTextContent('€16 807');
    expect(within(card).getByTestId('isv')).toHaveTextContent('€1 000');
    expect(within(card).getByTestId('iva')).toHaveTextContent('€851');
    expect(within(card).getByTestId('taxes')).toHaveTextContent('€1 851');
    expect(within(card).getByTestId('service')).toHaveTextContent('€2 340');
    expect(within(card).getByTestId('total')).toHaveTextContent('€24 191');
    expect(within(card).getByRole('button', { name: 'Mais informação sobre ISV' })).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Mais informação sobre Serviço de importação' }),
    ).toBeInTheDocument();
  });

  it("price card without IVA: no IVA line and no 'ISV + IVA' line repeating the ISV", () => {
    view(data({ ivaCost: '0.00' }));
    const card = screen.getByRole('region', { name: 'Resumo de custos' });
    expect(within(card).getByTestId('isv')).toHaveTextContent('€1 000');
    expect(within(card).queryByTestId('iva')).toBeNull();
    expect(within(card).queryByTestId('taxes')).toBeNull();
    expect(card).not.toHaveTextContent('ISV + IVA');
  });

  it('a listing in zloty: the price as listed, the euro price, and the rate with its date', () => {
    view(
      data({
        vehiclePrice: '21080.55',
        listedPrice: '89900.00',
        listedCurrency: 'PLN',
        exchangeRate: '0.2345',
        exchangeRateDate: '2026-11-20',
        vehicleGearbox: 'manual',
      }),
    );
    const card = screen.getByRole('region', { name: 'Resumo de custos' });
    expect(within(card).getByTestId('price')).toHaveTextContent('€21 081');
    expect(within(card).getByTestId('listed-price')).toHaveTextContent('Preço no anúncio89 900 PLN');
    expect(within(card).getByTestId('exchange-note')).toHaveTextContent(
      'Preço do veículo convertido em euros ao câmbio de 1 PLN = 0,2345 € (taxa de 20/11/2026).',
    );
    expect(screen.getByText('Caixa de velocidades').nextSibling).toHaveTextContent('Manual');
  });

  it('a euro listing shows no listed price and no rate', () => {
    view(data());
    const card = screen.getByRole('region', { name: 'Resumo de custos' });
    expect(within(card).queryByTestId('listed-price')).toBeNull();
    expect(within(card).queryByTestId('exchange-note')).toBeNull();
  });
});
