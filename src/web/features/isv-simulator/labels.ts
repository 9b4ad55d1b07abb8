import type { Condition, Country, Cycle, FuelChoice, VehicleType } from './form-state.ts';

// Portuguese wording of the simulator's choices and help texts (pt-PT).

export const VEHICLE_TYPE_LABEL: Record<VehicleType, { label: string; hint: string }> = {
  combustao: { label: 'Ligeiro de passageiros', hint: 'Gasolina, gasóleo ou GPL' },
  hibrido: { label: 'Híbrido', hint: 'Não se liga à corrente' },
  plugin: { label: 'Híbrido plug-in', hint: 'Carrega na tomada' },
  eletrico: { label: 'Elétrico', hint: 'Só bateria' },
};

export const FUEL_LABEL: Record<FuelChoice, string> = {
  gasolina: 'Gasolina',
  gasoleo: 'Gasóleo',
  gpl: 'GPL (bi-fuel)',
};
export const COUNTRY_LABEL: Record<Country, string> = { ue: 'Estado-Membro da UE', fora: 'País terceiro (fora da UE)' };
export const CONDITION_LABEL: Record<Condition, string> = { usado: 'Usado', novo: 'Novo (nunca matriculado)' };
export const CYCLE_LABEL: Record<Cycle, string> = { wltp: 'WLTP', nedc: 'NEDC' };

/** Where each figure is on the papers. Kept general where the documents vary by country and year. */
export const HELP = {
  pais: 'Onde o carro tem (ou teve) a matrícula definitiva. Só os carros da UE têm redução por antiguidade.',
  tipo: 'O tipo de motorização que consta do certificado de conformidade (COC).',
  combustivel: 'Um carro a GPL (bi-fuel) paga pelas tabelas da gasolina.',
  matricula:
    'A data da primeira matrícula, no campo B do certificado de matrícula (ex.: o alemão Zulassungsbescheinigung Teil I).',
  cc: 'Cilindrada em cm³: campo P.1 do certificado de matrícula, ou «cilindrada» no certificado de conformidade (COC).',
  co2: 'Emissões de CO₂ combinadas, em g/km: campo V.7 do certificado de matrícula, ou a secção de emissões de CO₂ do certificado de conformidade (COC).',
  ciclo:
    'O COC diz se os valores de CO₂ são WLTP ou NEDC; a norma de emissões (campo V.9, ex.: Euro 6d) também ajuda. Carros matriculados desde setembro de 2018 são, em regra, WLTP.',
  particulas:
    'Veja as partículas (PM) nas emissões de escape do COC: 0,001 g/km = 1 mg/km. Na dúvida, deixe desmarcado: o agravamento de 500 € aplica-se.',
  autonomia: 'Autonomia em modo 100% elétrico, em km, indicada no certificado de conformidade (COC).',
  euro6eBis:
    'A norma de emissões no COC ou no campo V.9 (ex.: «Euro 6e-bis»). A partir de 2026, um plug-in Euro 6e-bis tem a taxa reduzida com CO₂ até 80 g/km.',
  preco: 'Preço de compra do carro. Só conta para o IVA.',
  km: 'Quilómetros no conta-quilómetros. Com até 6.000 km o carro paga IVA.',
  declaracao:
    'Dia da declaração aduaneira de veículos (DAV) na alfândega; por omissão, hoje. A idade do carro conta até este dia.',
} as const;

/** How the result panel names a field that is missing or wrong. */
export const FIELD_NAME: Record<string, string> = {
  pais: 'o país de matrícula',
  tipo: 'o tipo de veículo',
  combustivel: 'o combustível',
  estado: 'se é novo ou usado',
  matricula: 'a data da 1.ª matrícula',
  cc: 'a cilindrada',
  co2: 'o CO₂',
  ciclo: 'o ciclo de CO₂',
  particulas: 'as partículas',
  autonomia: 'a autonomia elétrica',
  euro6eBis: 'a norma Euro 6e-bis',
  preco: 'o preço',
  km: 'os quilómetros',
  declaracao: 'a data da declaração',
};

/** 'a, b e c'. */
export const joinPt = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
