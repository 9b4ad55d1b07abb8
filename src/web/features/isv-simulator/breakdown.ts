import { tableSetFor } from '#shared/tax/table-sets.ts';
import { ageBandOf, ageBandText } from '#shared/tax/age-band.ts';
import type { LinearBand, TaxInput, TaxResult, TaxTableSet } from '#shared/tax/types.ts';
import { formatEuroCents, formatIntegerPt } from './format-pt.ts';

/** One line of the itemised result, in the order of the customs liquidation. */
export interface BreakdownLine {
  key: 'cilindrada' | 'ambiental' | 'particulas' | 'subtotal' | 'reducao' | 'intermedia' | 'isv' | 'iva' | 'total';
  label: string;
  /** A percentage shown beside the label ('52%'). */
  detail?: string;
  /** null: cannot be computed yet (IVA due but no price). */
  cents: number | null;
  explanation: string;
  kind: 'item' | 'subtotal' | 'total';
}

const toCents = (euros: number) => Math.round(euros * 100);
/** Half away from zero, in integers: the engine's rounding, to split its single rounding into lines. */
const divRound = (n: number, d: number) => Math.sign(n) * Math.floor((Math.abs(n) * 2 + d) / (2 * d));

function bandOf(bands: LinearBand[], value: number) {
  const i = bands.findIndex((b) => b.upTo === null || value <= b.upTo);
  const band = bands[i]!;
  const from = i === 0 ? null : bands[i - 1]!.upTo! + 1;
  const range =
    from === null
      ? `até ${formatIntegerPt(band.upTo!)}`
      : band.upTo === null
        ? `mais de ${formatIntegerPt(from - 1)}`
        : `${formatIntegerPt(from)} a ${formatIntegerPt(band.upTo)}`;
  return { band, range };
}

/** The age band in words, from the table: 'até 1 ano', 'mais de 4 e até 5 anos', 'mais de 10 anos'. */
const ageText = (bands: TaxTableSet['ageReduction'], years: number): string =>
  ageBandText(ageBandOf(bands, years), 'pt');

/** The itemised result with a plain-language line for each figure. */
export function buildBreakdown(input: TaxInput, result: TaxResult): BreakdownLine[] {
  const t = tableSetFor(input.declarationDate)!;
  const b = result.breakdown;
  const isv = toCents(result.isv);
  const lines: BreakdownLine[] = [];

  if (input.fuel === 'electric') {
    lines.push({
      key: 'isv',
      label: 'ISV a pagar',
      cents: isv,
      kind: 'total',
      explanation: 'Os carros 100% elétricos estão isentos de ISV.',
    });
  } else {
    const cylinder = toCents(b.cylinderComponent);
    const environmental = toCents(b.environmentalComponent);
    const surcharge = toCents(b.particleSurcharge);
    const gross = cylinder + environmental + surcharge;
    const afterAge = divRound(gross * (100 - b.ageReductionPercent), 100);
    const unfloored = divRound(gross * (100 - b.ageReductionPercent) * b.intermediateRatePercent, 10_000);
    const cc = bandOf(t.cylinder, input.engineCc!);
    const fuelTable = input.fuel === 'diesel' ? 'diesel' : 'petrol';
    const co2 = bandOf(t.environmental[fuelTable][b.co2Cycle!], input.co2!);
    const tableName = `${fuelTable === 'diesel' ? 'gasóleo' : 'gasolina'} ${b.co2Cycle!.toUpperCase()}`;

    lines.push({
      key: 'cilindrada',
      label: 'Componente cilindrada',
      cents: cylinder,
      kind: 'item',
      explanation: `Depende do tamanho do motor: ${formatIntegerPt(input.engineCc!)} cm³ × ${formatEuroCents(cc.band.rate)} − ${formatEuroCents(cc.band.deduction)} (escalão ${cc.range} cm³).`,
    });
    lines.push({
      key: 'ambiental',
      label: 'Componente ambiental',
      cents: environmental,
      kind: 'item',
      explanation: `Depende das emissões de CO₂: ${input.co2} g/km × ${formatEuroCents(co2.band.rate)} − ${formatEuroCents(co2.band.deduction)} (tabela ${tableName}${input.fuel === 'lpg' ? ', usada para GPL' : ''}, escalão ${co2.range} g/km). Pode ser negativa quando o CO₂ é muito baixo.`,
    });
    lines.push({
      key: 'particulas',
      label: 'Agravamento partículas',
      cents: surcharge,
      kind: 'item',
      explanation: surcharge
        ? `Gasóleo sem indicação no certificado de partículas abaixo de 0,001 g/km: mais ${formatEuroCents(t.particleSurcharge)}.`
        : input.fuel === 'diesel'
          ? 'Não se aplica: o certificado indica partículas abaixo de 0,001 g/km.'
          : 'Só se aplica a carros a gasóleo.',
    });
    lines.push({
      key: 'subtotal',
      label: 'Imposto antes das reduções',
      cents: gross,
      kind: 'subtotal',
      explanation: 'Soma das duas componentes e do agravamento.',
    });
    lines.push({
      key: 'reducao',
      label: 'Redução por antiguidade',
      detail: `${b.ageReductionPercent}%`,
      cents: afterAge - gross,
      kind: 'item',
      explanation: b.ageReductionPercent
        ? `Carro matriculado noutro país da UE com ${ageText(t.ageReduction, b.ageYears ?? 0)} (da 1.ª matrícula à data da declaração): desconto de ${b.ageReductionPercent}% sobre todo o imposto.`
        : input.firstRegistration === null
          ? 'Não se aplica: carro novo, nunca matriculado.'
          : 'Não se aplica: só os carros com matrícula definitiva noutro país da UE têm esta redução.',
    });
    lines.push({
      key: 'intermedia',
      label: 'Taxa intermédia',
      detail: `${b.intermediateRatePercent}%`,
      cents: unfloored - afterAge,
      kind: 'item',
      explanation:
        b.intermediateRatePercent < 100
          ? `${input.hybrid === 'plugin' ? 'Híbrido plug-in' : 'Híbrido'} que cumpre as condições da lei (autonomia elétrica e CO₂): paga ${b.intermediateRatePercent}% do imposto.`
          : input.hybrid !== 'none'
            ? 'Não cumpre as condições da taxa reduzida (ver notas): paga 100%.'
            : 'Só para híbridos que cumprem as condições da lei; este carro paga 100%.',
    });
    lines.push({
      key: 'isv',
      label: 'ISV a pagar',
      cents: isv,
      kind: 'total',
      explanation: `Imposto sobre Veículos, pago na legalização, arredondado ao cêntimo.${unfloored < 0 ? ' O cálculo dá um valor negativo, por isso o ISV é €0.' : ''}`,
    });
  }

  const ivaAsked = input.price !== undefined || input.mileageKm !== undefined;
  const iva = toCents(result.iva);
  if (ivaAsked) {
    const why =
      input.firstRegistration === null
        ? 'nunca foi matriculado'
        : `tem até ${t.ivaNewMaxMonths} meses desde a 1.ª matrícula ou até ${formatIntegerPt(t.ivaNewMaxKm)} km`;
    let explanation: string;
    if (input.registrationCountry === 'non_eu') {
      // The "new means of transport" rule (docs/tax-rules.md section 4) is for cars from the EU; a
      // third-country import pays IVA at customs.
      explanation = `Regra dos carros «novos» vindos da UE (até ${t.ivaNewMaxMonths} meses ou até ${formatIntegerPt(t.ivaNewMaxKm)} km). Vindo de fora da UE, o IVA é cobrado na alfândega (ver nota).`;
    } else if (b.ivaApplies) {
      explanation =
        input.price === undefined
          ? `O carro é «novo» para efeitos de IVA (${why}): indique o preço para calcular os ${t.ivaPercent}%.`
          : `${t.ivaPercent}% sobre o preço mais o ISV: o carro é «novo» para efeitos de IVA (${why}).`;
    } else {
      explanation =
        input.mileageKm === undefined
          ? `Com mais de ${t.ivaNewMaxMonths} meses não paga IVA em Portugal, a não ser que tenha até ${formatIntegerPt(t.ivaNewMaxKm)} km: indique os quilómetros.`
          : `Carro usado (mais de ${t.ivaNewMaxMonths} meses e mais de ${formatIntegerPt(t.ivaNewMaxKm)} km): não paga IVA em Portugal.`;
    }
    lines.push({
      key: 'iva',
      label: 'IVA',
      detail: b.ivaApplies ? `${t.ivaPercent}%` : undefined,
      cents: b.ivaApplies && input.price === undefined ? null : iva,
      kind: 'item',
      explanation,
    });
  }
  lines.push({
    key: 'total',
    label: 'Total de impostos',
    cents: isv + iva,
    kind: 'total',
    explanation: ivaAsked
      ? 'ISV mais IVA. Não inclui o preço do carro, o transporte nem as despesas de legalização.'
      : 'Só o ISV: indique o preço e os quilómetros para saber se também há IVA.',
  });
  return lines;
}
