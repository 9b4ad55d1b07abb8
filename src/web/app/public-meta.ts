import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import { formatEuros, formatInteger, priceLines } from '#web/features/proposal-page/lib/price-lines.ts';
import { ISV_SIMULATOR_PATH, type PublicRoute } from './public-routes.ts';

export interface PageMeta {
  title: string;
  description: string;
  lang: string;
  /** Path of the page's one address (/contactos and friends share /contacto's). */
  canonicalPath: string | null;
  /** Pages a search engine must not list: proposals (private links) and their states. */
  noindex: boolean;
  /** Absolute or root-relative image for link previews. */
  image: string | null;
  ogLocale: string;
}

export const DEFAULT_DESCRIPTION =
  'Importamos o seu próximo carro da Europa, chave na mão: encontramos, compramos, transportamos e legalizamos. Resposta em 24 horas, entrega em 3-4 semanas e uma poupança média de 5000 €.';

export const ISV_SIMULATOR_DESCRIPTION =
  'Calcule o ISV e o IVA de um carro importado da UE ou de fora: cilindrada, CO₂ (WLTP ou NEDC), partículas, redução por antiguidade e híbridos, com o cálculo explicado linha a linha.';
export const isvSimulatorTitle = (companyName: string) => `Simulador de ISV para carros importados | ${companyName}`;

const carOf = (p: PublicProposalResponse['proposal']) =>
  [p.vehicleBrand, p.vehicleModel, p.vehicleSubmodel].filter(Boolean).join(' ');

/** The link preview's picture: the company's logo (Settings), the product icon only without one. */
export const previewImage = (logoUrl?: string | null) => logoUrl || '/icon-512.png';

/** Title, description and the rest of a public page's head (server-rendered; the browser keeps title and lang in step). */
export function publicPageMeta(
  route: PublicRoute,
  companyName: string,
  data: { proposal?: PublicProposalResponse | null; legacyTarget?: string | null } = {},
  logoUrl?: string | null,
): PageMeta {
  const base = {
    lang: 'pt-PT',
    ogLocale: 'pt_PT',
    image: previewImage(logoUrl),
    noindex: false,
    description: DEFAULT_DESCRIPTION,
  };
  if (route.kind === 'landing') {
    if (route.variant === 'contact')
      return { ...base, title: `Pedir orçamento e contactos | ${companyName}`, canonicalPath: '/contacto' };
    if (route.variant === 'faq') {
      return {
        ...base,
        title: `Perguntas frequentes | ${companyName}`,
        description:
          'Quanto tempo demora a importação, como funciona o pedido de orçamento, que documentos são necessários e porque não importar sozinho.',
        canonicalPath: '/faq',
      };
    }
    return { ...base, title: `Importação de automóveis chave na mão | ${companyName}`, canonicalPath: '/' };
  }
  // One canonical address: a shared simulation (?cc=...) is the same page with other inputs.
  if (route.kind === 'isv-simulator')
    return {
      ...base,
      title: isvSimulatorTitle(companyName),
      description: ISV_SIMULATOR_DESCRIPTION,
      canonicalPath: ISV_SIMULATOR_PATH,
    };
  const en = route.kind === 'proposal' && route.lang === 'en';
  const lang = en ? { lang: 'en', ogLocale: 'en_GB' } : {};
  const proposal = data.proposal ?? null;
  if (route.kind === 'legacy-proposal' && data.legacyTarget) {
    return { ...base, title: `Redirecionando para a proposta... | ${companyName}`, canonicalPath: null, noindex: true };
  }
  if (!proposal) {
    return {
      ...base,
      ...lang,
      title: `${en ? 'Proposal not found' : 'Proposta não encontrada'} | ${companyName}`,
      description: en
        ? 'The requested proposal does not exist or is not available.'
        : 'A proposta solicitada não existe ou não está disponível.',
      canonicalPath: null,
      noindex: true,
    };
  }
  const p = proposal.proposal;
  const car = carOf(p) || (en ? 'Vehicle' : 'Veículo');
  const total = formatEuros(priceLines(p).total).replace(/\u00a0/g, ' ');
  const facts = [
    p.vehicleFirstRegistration,
    p.vehicleMileage !== null ? `${formatInteger(p.vehicleMileage).replace(/\u00a0/g, ' ')} km` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const description = en
    ? `${facts ? `${facts}. ` : ''}Turnkey total: ${total}, with ISV, transport and registration included.`
    : `${facts ? `${facts}. ` : ''}Total chave na mão: ${total}, com ISV, transporte e legalização incluídos.`;
  return {
    ...base,
    ...lang,
    title: `${en ? 'Proposal' : 'Proposta'}: ${car} | ${companyName}`,
    description,
    canonicalPath: null,
    noindex: true,
    image: p.imageUrls[0] ?? base.image,
  };
}
