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
  notListing: 'Esta página não é um anúncio de carro. Abra um anúncio para ver o custo em Portugal.',
  missing: {
    fuel: 'Combustível desconhecido: o ISV não pode ser calculado.',
    engine: 'Falta a cilindrada no anúncio.',
    co2: 'Indique o CO2 para calcular o ISV.',
    firstRegistration: 'A 1.ª matrícula não pode ser posterior a hoje.',
    price: 'O anúncio não indica o preço em euros.',
    date: 'Sem tabelas de ISV para esta data.',
  } satisfies Record<MissingField, string>,
  invalidCo2: 'CO2 em g/km, por exemplo 119.',
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
  notListing: 'This page is not a car listing. Open a listing to see its cost in Portugal.',
  missing: {
    fuel: 'Unknown fuel: ISV cannot be computed.',
    engine: 'The listing does not give the engine size.',
    co2: 'Enter the CO2 to compute the ISV.',
    firstRegistration: 'The first registration cannot be after today.',
    price: 'The listing gives no price in euros.',
    date: 'No ISV tables for this date.',
  },
  invalidCo2: 'CO2 in g/km, for example 119.',
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

export const fuelLabel = (lang: Lang, fuel: FuelType | null) => (fuel ? FUEL_LABELS[lang][fuel] : '—');

/** Euros as the public site writes them: '€ 29 646,62' in Portuguese, '€29,646.62' in English. */
export function money(lang: Lang, amount: string | null): string {
  if (amount === null) return '—';
  const n = Number(amount);
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-PT' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
  }).format(n);
}

export const integer = (lang: Lang, n: number) => new Intl.NumberFormat(lang === 'pt' ? 'pt-PT' : 'en-IE').format(n);
