import { formatDatePt as ptDate, formatIntegerPt } from './format-pt.ts';
import type { FormField } from './form-state.ts';

/** The form input that shows the error of each field of the shared contract. */
export const FORM_FIELD_OF: Record<string, FormField> = {
  fuel: 'combustivel',
  engineCc: 'cc',
  co2: 'co2',
  co2Cycle: 'ciclo',
  firstRegistration: 'matricula',
  declarationDate: 'declaracao',
  registrationCountry: 'pais',
  hybrid: 'tipo',
  electricRangeKm: 'autonomia',
  euro6eBis: 'euro6eBis',
  dieselParticlesBelowLimit: 'particulas',
  price: 'preco',
  mileageKm: 'km',
};

type Rule = [RegExp, string | ((m: RegExpMatchArray) => string)];
const DATE_RULES: Rule[] = [[/^must be (a|a real) date written YYYY-MM-DD$/, 'Indique uma data válida.']];

/**
 * Portuguese for the plain-words messages of src/shared/schemas/isv.ts (English, for API callers).
 * Matched on the text after the field name; isv.test covers every message the contract writes.
 */
const RULES: Record<string, Rule[]> = {
  fuel: [[/^must be one of /, 'Escolha o combustível.']],
  engineCc: [
    [/^is required for /, 'Indique a cilindrada em cm³.'],
    [
      /^must be a positive whole number of cm3$/,
      'A cilindrada deve ser um número inteiro positivo de cm³ (ex.: 1395).',
    ],
    [/^is above (\d+) cm3$/, (m) => `A cilindrada não pode passar de ${formatIntegerPt(Number(m[1]))} cm³.`],
  ],
  co2: [
    [/^is required for /, 'Indique as emissões de CO₂ em g/km.'],
    [/^must be a whole number of g\/km$/, 'O CO₂ deve ser um número inteiro de g/km (ex.: 135).'],
    [/^cannot be negative$/, 'O CO₂ não pode ser negativo.'],
    [/^is above (\d+) g\/km$/, (m) => `O CO₂ não pode passar de ${m[1]} g/km.`],
  ],
  co2Cycle: [[/^must be wltp or nedc$/, 'Escolha o ciclo WLTP ou NEDC.']],
  firstRegistration: [
    ...DATE_RULES,
    [/^is after the declaration date$/, 'A 1.ª matrícula não pode ser posterior à data da declaração.'],
  ],
  declarationDate: [
    ...DATE_RULES,
    [
      /^must be on or after (\d{4}-\d{2}-\d{2})/,
      (m) => `A data da declaração tem de ser ${ptDate(m[1]!)} ou posterior (não há tabelas de ISV anteriores).`,
    ],
  ],
  registrationCountry: [[/^must be eu or non_eu$/, 'Escolha um Estado-Membro da UE ou um país terceiro.']],
  hybrid: [
    [/^must be none, hybrid or plugin$/, 'Escolha o tipo de veículo.'],
    [/^must be none for a battery electric car$/, 'Um carro elétrico não pode ser também híbrido.'],
  ],
  electricRangeKm: [
    [/^must be a number of km$/, 'Indique a autonomia elétrica em km (ex.: 60).'],
    [/^cannot be negative$/, 'A autonomia não pode ser negativa.'],
    [/^is above (\d+) km$/, (m) => `A autonomia não pode passar de ${m[1]} km.`],
  ],
  euro6eBis: [[/^must be true or false$/, 'Valor inválido.']],
  dieselParticlesBelowLimit: [[/^must be true or false$/, 'Valor inválido.']],
  price: [
    [/^must be a number of euros$/, 'Indique o preço em euros (ex.: 15.000).'],
    [/^cannot be negative$/, 'O preço não pode ser negativo.'],
    [/^is too large$/, 'O preço é demasiado alto.'],
  ],
  mileageKm: [
    [/^must be a whole number of km$/, 'Indique os quilómetros como número inteiro (ex.: 85.000).'],
    [/^cannot be negative$/, 'Os quilómetros não podem ser negativos.'],
    [/^is too large$/, 'Os quilómetros são demasiados.'],
  ],
};

/** Shown when the contract gains a message this table does not know yet. */
export const GENERIC_FIELD_MESSAGE = 'Verifique este valor.';

export function portugueseFieldMessage(field: string, message: string): string {
  const rest = message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
  for (const [pattern, text] of RULES[field] ?? []) {
    const m = rest.match(pattern);
    if (m) return typeof text === 'string' ? text : text(m);
  }
  return GENERIC_FIELD_MESSAGE;
}
