import { ageBandOf, ageBandText } from '#shared/tax/age-band.ts';
import { tableSetByVersion } from '#shared/tax/table-sets.ts';
import type { TaxResult } from '#shared/tax/types.ts';
import { formatEuroDecimal } from '#shared/money-format.ts';
import { FUEL_LABELS } from '#shared/vocabulary.ts';
import type { FuelType } from '#shared/vocabulary.ts';
import type { MissingField } from './figures.ts';
import type { Lang } from './settings.ts';

const pt = {
  title: 'Custo em Portugal',
  collapse: 'Recolher painel',
  expand: 'Abrir painel AutoImport',
  switchLang: 'English',
  car: 'Carro',
  km: 'km',
  price: 'Preço no anúncio',
  co2: 'CO2 (g/km)',
  cycle: 'Ciclo',
  firstRegistration: '1.ª matrícula (MM/AAAA)',
  rangeKm: 'Autonomia elétrica (km)',
  isv: 'ISV',
  cylinder: 'Componente cilindrada',
  environmental: 'Componente ambiental',
  surcharge: 'Agravamento partículas',
  ageReduction: 'Redução por idade',
  hybridRule: 'Taxa intermédia',
  hybridApplies: (p: number) => `${p}% do imposto`,
  hybridNot: 'não se aplica (100%)',
  iva: 'IVA (veículo novo)',
  transport: 'Transporte',
  registration: 'Legalização',
  total: 'Total entregue em Portugal',
  defaultsFromBackOffice: 'Transporte e legalização: valores do back office.',
  defaultsPublished: 'Transporte e legalização: valores de referência.',
  quote: 'Pedir orçamento',
  blocked: 'O marketplace mostrou uma verificação anti-robô em vez do anúncio. Resolva-a e o painel atualiza sozinho.',
  missing: {
    fuel: 'Combustível desconhecido: o ISV não pode ser calculado.',
    engine: 'Falta a cilindrada no anúncio.',
    co2: 'Indique o CO2 para calcular o ISV.',
    firstRegistration: 'A 1.ª matrícula não pode ser posterior a hoje.',
    price: 'O anúncio não indica o preço em euros.',
    date: 'Sem tabelas de ISV para esta data.',
    rate: 'Indique o câmbio para converter o preço em euros.',
  } satisfies Record<MissingField, string>,
  invalidCo2: 'CO2 em g/km, por exemplo 119.',
  invalidRate: 'Câmbio em euros por unidade, por exemplo 0,2345.',
  rate: (c: string) => `Câmbio (€ por 1 ${c})`,
  priceInEuros: 'Preço em euros',
  rateFromBackOffice: (c: string, date: string) =>
    `Câmbio de ${c} do back office (Definições), de ${date}; pode alterá-lo aqui.`,
  rateNotInTable: (c: string) => `O back office não tem câmbio para ${c}: escreva-o aqui.`,
  rateNoBackOffice: (c: string) =>
    `Sem ligação ao back office, o painel não conhece o câmbio usado para ${c}: escreva-o aqui, ou ligue a extensão ao back office nas opções (token de acesso).`,
  rateTyped: 'Câmbio escrito por si.',
  invalidFirst: 'Data no formato MM/AAAA.',
  send: 'Enviar para o back office',
  sendTitle: 'Enviar para o back office',
  searchLead: 'Procurar lead (nome, e-mail ou referência)',
  noLeads: 'Nenhum lead encontrado.',
  newLead: 'Criar novo lead',
  pickLead: 'Escolher lead existente',
  firstName: 'Nome',
  lastName: 'Apelido',
  email: 'E-mail',
  phone: 'Telefone',
  sending: 'A enviar…',
  sent: (ref: string, photos: number) => `Proposta criada no lead #${ref} (${photos} fotografias). Aberta no editor.`,
  chooseLead: 'Escolha um lead ou crie um novo.',
  tokenRefused: 'O token de acesso não é válido ou foi revogado. Crie um novo em Edit Profile e guarde-o nas opções.',
  unreachable: 'O back office não respondeu. Verifique o endereço nas opções.',
  options: 'Opções',
  new: 'novo',
  months: 'meses',
  years: (n: number) => (n === 1 ? '1 ano' : `${n} anos`),
};

type Strings = typeof pt;

const en: Strings = {
  title: 'Cost in Portugal',
  collapse: 'Fold the panel',
  expand: 'Open the AutoImport panel',
  switchLang: 'Português',
  car: 'Car',
  km: 'km',
  price: 'Listing price',
  co2: 'CO2 (g/km)',
  cycle: 'Cycle',
  firstRegistration: 'First registration (MM/YYYY)',
  rangeKm: 'Electric range (km)',
  isv: 'ISV',
  cylinder: 'Cylinder component',
  environmental: 'Environmental component',
  surcharge: 'Particle surcharge',
  ageReduction: 'Age reduction',
  hybridRule: 'Hybrid rate',
  hybridApplies: (p: number) => `${p}% of the tax`,
  hybridNot: 'does not apply (100%)',
  iva: 'VAT (new vehicle)',
  transport: 'Transport',
  registration: 'Registration',
  total: 'Total delivered in Portugal',
  defaultsFromBackOffice: 'Transport and registration: the back office’s figures.',
  defaultsPublished: 'Transport and registration: reference figures.',
  quote: 'Request a quote',
  blocked: 'The marketplace showed an anti-bot check instead of the listing. Solve it and the panel updates by itself.',
  missing: {
    fuel: 'Unknown fuel: ISV cannot be computed.',
    engine: 'The listing does not give the engine size.',
    co2: 'Enter the CO2 to compute the ISV.',
    firstRegistration: 'The first registration cannot be after today.',
    price: 'The listing gives no price in euros.',
    date: 'No ISV tables for this date.',
    rate: 'Enter the exchange rate to convert the price to euros.',
  },
  invalidCo2: 'CO2 in g/km, for example 119.',
  invalidRate: 'Rate in euros per unit, for example 0.2345.',
  rate: (c: string) => `Exchange rate (€ per 1 ${c})`,
  priceInEuros: 'Price in euros',
  rateFromBackOffice: (c: string, date: string) =>
    `The back office's ${c} rate (Settings), of ${date}; you may change it here.`,
  rateNotInTable: (c: string) => `The back office has no ${c} rate: type it here.`,
  rateNoBackOffice: (c: string) =>
    `Not connected to the back office, the panel does not know the ${c} rate it uses: type it here, or connect the extension in the options (access token).`,
  rateTyped: 'Rate typed by you.',
  invalidFirst: 'Date as MM/YYYY.',
  send: 'Send to back office',
  sendTitle: 'Send to back office',
  searchLead: 'Find a lead (name, e-mail or reference)',
  noLeads: 'No lead found.',
  newLead: 'Create a new lead',
  pickLead: 'Pick an existing lead',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  sending: 'Sending…',
  sent: (ref: string, photos: number) => `Proposal created on lead #${ref} (${photos} photos). Opened in the editor.`,
  chooseLead: 'Pick a lead or create a new one.',
  tokenRefused:
    'The access token is not valid or was revoked. Create a new one in Edit Profile and save it in the options.',
  unreachable: 'The back office did not answer. Check its address in the options.',
  options: 'Options',
  new: 'new',
  months: 'months',
  years: (n: number) => (n === 1 ? '1 year' : `${n} years`),
};

export const STRINGS: Record<Lang, Strings> = { pt, en };
export type { Strings };

/**
 * The listing's fuel in the vocabulary's words (docs/rulings.md ruling 3): a plug-in is 'Híbrido
 * plug-in' / 'Plug-in hybrid' whatever its combustion fuel, never 'Híbrido (gasolina)'.
 */
export const fuelLabel = (lang: Lang, fuel: FuelType | null, plugin = false) =>
  plugin ? FUEL_LABELS[lang].plugin_hybrid : fuel ? FUEL_LABELS[lang][fuel] : '—';

/**
 * The age reduction as the panel shows it: '80% (mais de 8 e até 9 anos)', the band of the table
 * and not Tabela D's started-year count ('9 anos' for a car 8 years 4 months old); 'novo' when new.
 */
export function ageReductionLabel(lang: Lang, b: TaxResult['breakdown']): string {
  if (b.ageYears === null) return STRINGS[lang].new;
  const bands = tableSetByVersion(b.tableVersion)?.ageReduction;
  const words = bands ? ageBandText(ageBandOf(bands, b.ageYears), lang) : STRINGS[lang].years(b.ageYears);
  return `${b.ageReductionPercent}% (${words})`;
}

/** Euros as the proposal page and the e-mails write them (src/shared/money-format.ts): '€29 646,62'. */
export function money(_lang: Lang, amount: string | null): string {
  return formatEuroDecimal(amount) ?? '—';
}

export const integer = (lang: Lang, n: number) => new Intl.NumberFormat(lang === 'pt' ? 'pt-PT' : 'en-IE').format(n);
