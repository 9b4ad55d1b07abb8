// The engine writes its notes in English (the API's language); the public page is Portuguese.
// notes.test.ts runs the engine into every note it writes, so a reworded note fails a test here
// instead of reaching the page untranslated.

export type NoteKind = 'electric' | 'cycle' | 'particles' | 'no-reduction' | 'hybrid-rate' | 'iva' | 'tables';
export interface PageNote {
  kind: NoteKind | 'other';
  text: string;
  /** 'en' when the note is shown as the engine wrote it (a note this table does not know). */
  lang: 'pt-PT' | 'en';
}

type Rule = [NoteKind, RegExp, (m: RegExpMatchArray) => string];
const RULES: Rule[] = [
  [
    'tables',
    /^(\d{4}) tables not yet published; figures use (\d{4})'s\.$/,
    (m) => `Tabelas de ${m[1]} ainda não publicadas; valores calculados com as de ${m[2]}.`,
  ],
  ['electric', /^Battery electric cars pay no ISV\.$/, () => 'Os carros 100% elétricos não pagam ISV.'],
  [
    'cycle',
    /^CO2 cycle not given: (WLTP|NEDC) assumed for a car first registered (before|from) September 2018\. The certificate of conformity decides\.$/,
    (m) =>
      `Ciclo de CO₂ não indicado: assumimos ${m[1]} para um carro com 1.ª matrícula ${m[2] === 'before' ? 'anterior a' : 'a partir de'} setembro de 2018. O certificado de conformidade decide.`,
  ],
  [
    'particles',
    /^Diesel particle surcharge applied: the certificate does not show particles below 0\.001 g\/km\.$/,
    () => 'Aplica-se o agravamento por partículas: o certificado não indica partículas abaixo de 0,001 g/km.',
  ],
  [
    'no-reduction',
    /^No age reduction: the car was registered outside the EU\.$/,
    () => 'Sem redução por antiguidade: o carro está matriculado fora da UE.',
  ],
  [
    'no-reduction',
    /^No age reduction: a new car never registered\.$/,
    () => 'Sem redução por antiguidade: carro novo, nunca matriculado.',
  ],
  [
    'hybrid-rate',
    /^The (plug-in|hybrid) rate does not apply: it needs an electric range of at least (\d+) km and CO2 below (\d+) g\/km(?: \(up to (\d+) g\/km for Euro 6e-bis plug-ins from (\d{4})\))?; the full tax is due\.$/,
    (m) =>
      `A taxa reduzida de ${m[1] === 'plug-in' ? 'híbrido plug-in' : 'híbrido'} não se aplica: exige autonomia elétrica de pelo menos ${m[2]} km e CO₂ abaixo de ${m[3]} g/km${
        m[4] ? ` (até ${m[4]} g/km para plug-ins Euro 6e-bis a partir de ${m[5]})` : ''
      }. Paga o imposto por inteiro.`,
  ],
  [
    'iva',
    /^IVA is due on this car \(new for VAT purposes\); give the price to compute it\.$/,
    () =>
      'Este carro paga IVA (é novo para efeitos de IVA: até 6 meses desde a 1.ª matrícula ou até 6.000 km). Indique o preço para o calcular.',
  ],
  [
    'iva',
    /^IVA not computed from the mileage: give mileageKm \(a car with at most 6000 km pays IVA\)\.$/,
    () => 'Indique os quilómetros para confirmar o IVA: um carro com até 6.000 km paga IVA.',
  ],
];

export function translateNote(note: string): PageNote {
  for (const [kind, pattern, text] of RULES) {
    const m = note.match(pattern);
    if (m) return { kind, text: text(m), lang: 'pt-PT' };
  }
  return { kind: 'other', text: note, lang: 'en' };
}

/** Notes the itemised lines or the form already say, so the page does not repeat them. */
// 'tables': the pending-tables warning stands above the result.
const SAID_ELSEWHERE: ReadonlySet<PageNote['kind']> = new Set([
  'electric',
  'cycle',
  'particles',
  'no-reduction',
  'tables',
]);

export const NON_EU_CUSTOMS_NOTE =
  'Vindo de fora da UE, o carro paga também direitos aduaneiros e IVA na alfândega, que este simulador não calcula.';

/** The notes listed under the result, in Portuguese. */
export function pageNotes(
  input: { registrationCountry: 'eu' | 'non_eu'; price?: number; mileageKm?: number },
  notes: string[],
): PageNote[] {
  const ivaLineShown = input.price !== undefined || input.mileageKm !== undefined;
  const list = notes
    .map(translateNote)
    .filter((n) => !SAID_ELSEWHERE.has(n.kind) && !(n.kind === 'iva' && ivaLineShown));
  if (input.registrationCountry === 'non_eu') list.push({ kind: 'other', text: NON_EU_CUSTOMS_NOTE, lang: 'pt-PT' });
  return list;
}
