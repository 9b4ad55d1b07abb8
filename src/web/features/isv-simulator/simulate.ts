import { isvSimulateSchema, toTaxInput } from '#shared/schemas/isv.ts';
import { calculateTax, TaxInputError } from '#shared/tax/calculate.ts';
import type { TaxInput, TaxResult } from '#shared/tax/types.ts';
import { FORM_FIELD_OF, portugueseFieldMessage } from './field-messages.ts';
import { parseNumberPt, visibleFields, type FormField, type IsvForm } from './form-state.ts';

export type FieldErrors = Partial<Record<FormField, string>>;
export type Simulation =
  { status: 'ok'; input: TaxInput; result: TaxResult } | { status: 'invalid'; errors: FieldErrors };

export const MISSING_FIRST_REGISTRATION = 'Indique a data da 1.ª matrícula (ou escolha «Novo»).';

/**
 * The API request the form describes (the same contract POST /api/isv/simulate takes). Hidden
 * inputs are left out; numbers that do not read as numbers are passed as typed, so the shared
 * schema names them.
 */
export function formToRequest(form: IsvForm): Record<string, unknown> {
  const show = visibleFields(form);
  const electric = form.tipo === 'eletrico';
  return {
    fuel: electric ? 'electric' : ({ gasolina: 'petrol', gasoleo: 'diesel', gpl: 'lpg' } as const)[form.combustivel],
    engineCc: show.cc ? parseNumberPt(form.cc) : undefined,
    co2: show.co2 ? parseNumberPt(form.co2) : undefined,
    co2Cycle: show.ciclo && form.ciclo ? form.ciclo : undefined,
    firstRegistration: form.estado === 'novo' ? null : form.matricula || undefined,
    declarationDate: form.declaracao || undefined,
    registrationCountry: form.pais === 'ue' ? 'eu' : 'non_eu',
    hybrid: form.tipo === 'hibrido' ? 'hybrid' : form.tipo === 'plugin' ? 'plugin' : 'none',
    electricRangeKm: show.autonomia ? (parseNumberPt(form.autonomia) ?? 0) : undefined,
    euro6eBis: show.euro6eBis ? form.euro6eBis : undefined,
    dieselParticlesBelowLimit: show.particulas ? form.particulas : undefined,
    price: parseNumberPt(form.preco),
    mileageKm: parseNumberPt(form.km),
  };
}

const addError = (errors: FieldErrors, apiField: string, message: string) => {
  const field = FORM_FIELD_OF[apiField];
  if (field && !errors[field]) errors[field] = portugueseFieldMessage(apiField, message);
};

/** Validates with the shared contract and runs the shared engine, as the API does, in the browser. */
export function simulate(form: IsvForm, now: Date = new Date()): Simulation {
  const errors: FieldErrors = {};
  if (form.estado === 'usado' && !form.matricula) errors.matricula = MISSING_FIRST_REGISTRATION;
  const parsed = isvSimulateSchema.safeParse(formToRequest(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) addError(errors, String(issue.path[0] ?? ''), issue.message);
    return { status: 'invalid', errors };
  }
  const checked = toTaxInput(parsed.data, now);
  if ('fields' in checked)
    for (const [field, message] of Object.entries(checked.fields)) addError(errors, field, message);
  if (Object.keys(errors).length || !('input' in checked)) return { status: 'invalid', errors };
  try {
    return { status: 'ok', input: checked.input, result: calculateTax(checked.input) };
  } catch (err) {
    if (!(err instanceof TaxInputError)) throw err;
    addError(errors, err.field, err.message);
    return { status: 'invalid', errors };
  }
}
