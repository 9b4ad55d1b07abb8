import type { suppliers } from '../schema/index.ts';
import { germanVatId, portugueseNif } from './people.ts';
import type { Rng } from './prng.ts';

/** What a supplier does for an import: decides which costs it bills. */
export type SupplierRole = 'dealer' | 'transport' | 'inspection' | 'customs' | 'registration' | 'imt';

export interface DemoSupplier {
  role: SupplierRole;
  /** Dealers: the makes they mostly sell, so an import buys from a plausible dealer. */
  makes: readonly string[];
  values: Omit<typeof suppliers.$inferInsert, 'id'>;
}

type Entry = [
  role: SupplierRole,
  name: string,
  address: string,
  country: 'Alemanha' | 'Portugal',
  email: string,
  phone: string,
  notes: string,
  pt?: 5 | 6,
];

// Names are invented; contact addresses use reserved example domains.
const ENTRIES: readonly Entry[] = [
  [
    'dealer',
    'Autohaus Schneider GmbH',
    'Hanauer Landstraße 150, 60314 Frankfurt am Main',
    'Alemanha',
    'verkauf@autohaus-schneider.example.com',
    '+49 69 4056 7120',
    'BMW e MINI usados. Contacto: Markus Weber (fala inglês). Reserva com 10% de sinal.',
  ],
  [
    'dealer',
    'Autozentrum Becker & Söhne GmbH',
    'Ingolstädter Straße 44, 80807 München',
    'Alemanha',
    'gebrauchtwagen@becker-soehne.example.com',
    '+49 89 3581 2240',
    'Audi, VW e Skoda. Entrega os carros com inspeção (HU) recente.',
  ],
  [
    'dealer',
    'Sternauto Krüger KG',
    'Wandsbeker Zollstraße 87, 22041 Hamburg',
    'Alemanha',
    'export@sternauto-krueger.example.com',
    '+49 40 6894 3310',
    'Mercedes-Benz. Emite fatura sem IVA para empresas com NIF europeu válido.',
  ],
  [
    'transport',
    'TransEuropa Autologistik GmbH',
    'Industriestraße 12, 50735 Köln',
    'Alemanha',
    'dispo@transeuropa-auto.example.com',
    '+49 221 9712 455',
    'Camião cegonha semanal Colónia - Lisboa/Porto, 8 a 10 dias porta a porta.',
  ],
  [
    'transport',
    'Transportes Ribeiro & Filhos, Lda.',
    'Rua Eng. Frederico Ulrich 2650, Zona Industrial da Maia I, 4470-605 Maia',
    'Portugal',
    'logistica@ribeiro-filhos.example.com',
    '+351 229 401 237',
    'Recolhas na Alemanha à quinzena; bom preço para 2 ou mais carros.',
    5,
  ],
  [
    'inspection',
    'Centro de Inspeções Auto Lumiar',
    'Rua Prof. Fernando da Fonseca 12, 1600-618 Lisboa',
    'Portugal',
    'marcacoes@cia-lumiar.example.com',
    '+351 217 581 904',
    'Inspeção tipo B para importados. Marcação com 2 dias de antecedência.',
    5,
  ],
  [
    'inspection',
    'Inspecções Técnicas do Norte, Lda.',
    'Avenida D. Afonso Henriques 1462, 4450-013 Matosinhos',
    'Portugal',
    'geral@itn-matosinhos.example.com',
    '+351 229 386 512',
    'Aceita carros sem matrícula portuguesa às terças e quintas.',
    5,
  ],
  [
    'customs',
    'Despachante Oficial Carlos Mendes',
    'Rua da Alfândega 108, 2º, 1100-016 Lisboa',
    'Portugal',
    'carlos.mendes@despachante-mendes.example.com',
    '+351 218 870 455',
    'Trata da DAV e do pagamento do ISV na Alfândega de Lisboa.',
    5,
  ],
  [
    'registration',
    'Gabinete de Legalizações Auto Sul, Lda.',
    'Avenida Luísa Todi 288, 2900-456 Setúbal',
    'Portugal',
    'processos@legalizacoes-sul.example.com',
    '+351 265 528 310',
    'Pedidos de matrícula no IMT e chapas. Prazo médio de 5 dias úteis.',
    5,
  ],
  [
    'imt',
    'IMT - Instituto da Mobilidade e dos Transportes, I.P.',
    'Avenida Elias Garcia 103, 1050-098 Lisboa',
    'Portugal',
    'atendimento@imt.example.com',
    '+351 217 949 000',
    'Emolumentos de atribuição de matrícula e certificado de matrícula.',
    6,
  ],
];

const DEALER_MAKES: Record<string, readonly string[]> = {
  'Autohaus Schneider GmbH': ['BMW', 'Porsche', 'Tesla', 'Volvo'],
  'Autozentrum Becker & Söhne GmbH': ['Audi', 'Volkswagen', 'Skoda', 'Peugeot', 'Renault', 'Toyota'],
  'Sternauto Krüger KG': ['Mercedes-Benz'],
};

export function demoSuppliers(rng: Rng): DemoSupplier[] {
  return ENTRIES.map(([role, name, address, country, email, phone, notes, pt]) => ({
    role,
    makes: DEALER_MAKES[name] ?? [],
    values: {
      name,
      address,
      country,
      email,
      phone,
      notes,
      vatId: pt ? `PT${portugueseNif(rng, pt)}` : germanVatId(rng),
    },
  }));
}
