// The words of a refused page, in English and Portuguese, the same in the editor, the paste box, the
// extension and the API (docs/listings.md section 1).
import type { BlockProtection, NotListingKind } from './types.ts';

export type RefusalLang = 'en' | 'pt';
export type Refusal =
  | { reason: 'not_a_listing'; kind: NotListingKind; cars: number | null }
  | { reason: 'blocked'; protection: BlockProtection };

const PROTECTION: Record<BlockProtection, Record<RefusalLang, string>> = {
  akamai: { en: 'Akamai', pt: 'Akamai' },
  cloudflare: { en: 'Cloudflare', pt: 'Cloudflare' },
  datadome: { en: 'DataDome', pt: 'DataDome' },
  cloudfront: { en: 'CloudFront', pt: 'CloudFront' },
  script_challenge: { en: 'a script challenge', pt: 'um desafio de script' },
  captcha: { en: 'a captcha', pt: 'um captcha' },
  unknown: { en: 'an anti-bot check', pt: 'uma verificação anti-robô' },
};

const cars = (n: number | null, lang: RefusalLang) =>
  n === null
    ? ''
    : lang === 'en'
      ? ` with ${n} ${n === 1 ? 'car' : 'cars'}`
      : ` com ${n} ${n === 1 ? 'carro' : 'carros'}`;

const OPEN = { en: "open the car's own page.", pt: 'abra a página do próprio carro.' };

/** One sentence naming what the page is and what to do instead. */
export function refusalText(refusal: Refusal, lang: RefusalLang): string {
  if (refusal.reason === 'blocked') {
    const who = PROTECTION[refusal.protection][lang];
    return lang === 'en'
      ? `The marketplace answered with a bot check (${who}) instead of the listing: paste the page source, or use the browser extension on the listing page.`
      : `O site respondeu com uma verificação anti-robô (${who}) em vez do anúncio: cole o código-fonte da página ou use a extensão do navegador na página do anúncio.`;
  }
  const n = refusal.cars;
  switch (refusal.kind) {
    case 'search_results':
      return lang === 'en'
        ? `This is a search results page${cars(n, lang)}: ${OPEN.en}`
        : `Esta é uma página de resultados de pesquisa${cars(n, lang)}: ${OPEN.pt}`;
    case 'dealer_stock':
      return lang === 'en'
        ? `This is a dealer's stock page${cars(n, lang)}: ${OPEN.en}`
        : `Esta é a página do stock de um vendedor${cars(n, lang)}: ${OPEN.pt}`;
    case 'comparison':
      return lang === 'en' ? `This is a comparison page: ${OPEN.en}` : `Esta é uma página de comparação: ${OPEN.pt}`;
    case 'removed':
      return lang === 'en'
        ? 'This listing was removed or has expired: the car is no longer offered on this page.'
        : 'Este anúncio foi removido ou expirou: o carro já não está à venda nesta página.';
    case 'home':
      return lang === 'en'
        ? `This is the marketplace's home page: ${OPEN.en}`
        : `Esta é a página inicial do site: ${OPEN.pt}`;
    case 'other':
      return lang === 'en'
        ? `No single car was found on this page: ${OPEN.en}`
        : `Não foi encontrado um único carro nesta página: ${OPEN.pt}`;
  }
}

/** The note shown with data the generic parser read from a page no marketplace signal vouches for. */
export const GUESSED_TEXT: Record<RefusalLang, string> = {
  en: 'Read by guesswork from the page’s general data (not a marketplace we know): check every field.',
  pt: 'Lido por aproximação a partir dos dados gerais da página (site não reconhecido): confirme todos os campos.',
};
