import { describe, expect, it } from 'vitest';
import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import { publicPageMeta } from './public-meta.ts';

const proposal: PublicProposalResponse = {
  proposal: {
    vehicleBrand: 'Audi',
    vehicleModel: 'A4',
    vehicleSubmodel: 'Avant',
    vehicleFirstRegistration: '05/2021',
    vehicleMileage: 61234,
    vehicleEngineSize: 1968,
    vehicleFuelType: 'diesel',
    vehiclePower: null,
    vehicleCo2Emissions: null,
    vehicleCountry: null,
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
    ivaCost: null,
    transportCost: '2000.00',
    registrationFee: '340.00',
    totalCost: '23340.49',
    sourceListing: null,
    imageUrls: ['/media/first', '/media/second'],
  },
};

describe('public page meta', () => {
  it('titles the landing pages and names one canonical address for the contact aliases', () => {
    expect(publicPageMeta({ kind: 'landing', variant: 'full' }, 'AI')).toMatchObject({
      title: 'Importação de automóveis chave na mão | AI',
      canonicalPath: '/',
      noindex: false,
      lang: 'pt-PT',
    });
    expect(publicPageMeta({ kind: 'landing', variant: 'contact' }, 'AI').canonicalPath).toBe('/contacto');
    expect(publicPageMeta({ kind: 'landing', variant: 'faq' }, 'AI').title).toBe('Perguntas frequentes | AI');
  });

  it('titles the ISV simulator, with one canonical address whatever the inputs in the query', () => {
    expect(publicPageMeta({ kind: 'isv-simulator' }, 'AI')).toMatchObject({
      title: 'Simulador de ISV para carros importados | AI',
      canonicalPath: '/simulador-isv',
      noindex: false,
      lang: 'pt-PT',
      description: expect.stringMatching(/^Calcule o ISV e o IVA de um carro importado/),
    });
  });

  it('describes a proposal by its car, first photo and total, and keeps it out of search engines', () => {
    expect(publicPageMeta({ kind: 'proposal', lang: 'pt', publicId: 'x' }, 'AI', { proposal })).toEqual({
      title: 'Proposta: Audi A4 Avant | AI',
      description: '05/2021 · 61 234 km. Total chave na mão: €23 340, com ISV, transporte e legalização incluídos.',
      lang: 'pt-PT',
      ogLocale: 'pt_PT',
      canonicalPath: null,
      noindex: true,
      image: '/media/first',
    });
    expect(publicPageMeta({ kind: 'proposal', lang: 'en', publicId: 'x' }, 'AI', { proposal })).toMatchObject({
      title: 'Proposal: Audi A4 Avant | AI',
      lang: 'en',
      ogLocale: 'en_GB',
      description: '05/2021 · 61 234 km. Turnkey total: €23 340, with ISV, transport and registration included.',
    });
    expect(
      publicPageMeta({ kind: 'proposal', lang: 'pt', publicId: 'x' }, 'AI', {
        proposal: { proposal: { ...proposal.proposal, imageUrls: [] } },
      }).image,
    ).toBe('/icon-512.png');
  });

  it('names the missing proposal and the legacy redirect', () => {
    expect(publicPageMeta({ kind: 'proposal', lang: 'pt', publicId: 'x' }, 'AI', { proposal: null })).toMatchObject({
      title: 'Proposta não encontrada | AI',
      noindex: true,
    });
    expect(publicPageMeta({ kind: 'proposal', lang: 'en', publicId: 'x' }, 'AI', { proposal: null }).title).toBe(
      'Proposal not found | AI',
    );
    expect(
      publicPageMeta({ kind: 'legacy-proposal', publicId: 'x' }, 'AI', { legacyTarget: 'https://old/proposals/x' })
        .title,
    ).toBe('Redirecionando para a proposta... | AI');
  });
});
