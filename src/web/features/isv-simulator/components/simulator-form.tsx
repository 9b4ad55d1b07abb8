import type { ReactNode } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { defaultCo2Cycle } from '#shared/tax/calculate.ts';
import { isValidYmd } from '#shared/tax/dates.ts';
import {
  CONDITIONS,
  COUNTRIES,
  CYCLES,
  FUEL_CHOICES,
  VEHICLE_TYPES,
  visibleFields,
  type FormField,
  type IsvForm,
} from '../form-state.ts';
import { CONDITION_LABEL, COUNTRY_LABEL, CYCLE_LABEL, FUEL_LABEL, HELP, VEHICLE_TYPE_LABEL } from '../labels.ts';
import type { FieldErrors } from '../simulate.ts';
import { CheckField, ChoiceGroup, TextField } from './form-controls.tsx';

interface SimulatorFormProps {
  form: IsvForm;
  /** Errors to show now (the page holds back "missing" until a field is left). */
  errors: FieldErrors;
  onChange: <K extends FormField>(field: K, value: IsvForm[K]) => void;
  onBlur: (field: FormField) => void;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <div className="grid gap-5">{children}</div>
    </section>
  );
}

/** A single field as wide as one column of the two-column rows. */
const HalfWidth = ({ children }: { children: ReactNode }) => (
  <div className="grid gap-5 sm:grid-cols-2">{children}</div>
);

/** The cycle assumed while the user has not chosen one, and why (docs/tax-rules.md section 5). */
function CycleAssumption({ form }: { form: IsvForm }) {
  const first = form.estado === 'usado' && isValidYmd(form.matricula) ? form.matricula : null;
  const cycle = defaultCo2Cycle(first);
  const when =
    first === null
      ? form.estado === 'novo'
        ? 'Num carro novo'
        : 'Sem a data da 1.ª matrícula'
      : `Com 1.ª matrícula ${cycle === 'nedc' ? 'antes de' : 'desde'} setembro de 2018`;
  return (
    <p role="note" className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning" aria-hidden />
      <span>
        {when} assumimos <strong>{CYCLE_LABEL[cycle]}</strong>. Confirme no certificado de conformidade: é ele que
        decide.
      </span>
    </p>
  );
}

export function SimulatorForm({ form, errors, onChange, onBlur }: SimulatorFormProps) {
  const show = visibleFields(form);
  const cycleShown =
    form.ciclo || defaultCo2Cycle(form.estado === 'usado' && isValidYmd(form.matricula) ? form.matricula : null);
  const text = (field: 'cc' | 'co2' | 'autonomia' | 'preco' | 'km') => ({
    id: field,
    value: form[field],
    onChange: (v: string) => onChange(field, v),
    onBlur: () => onBlur(field),
    error: errors[field],
  });

  return (
    <form className="grid gap-6" onSubmit={(e) => e.preventDefault()} noValidate aria-label="Dados do carro">
      <Section id="sec-carro" title="O carro">
        <ChoiceGroup
          name="tipo"
          legend="Tipo de veículo"
          columns={4}
          value={form.tipo}
          options={VEHICLE_TYPES.map((v) => ({ value: v, ...VEHICLE_TYPE_LABEL[v] }))}
          onChange={(v) => onChange('tipo', v)}
          help={HELP.tipo}
          error={errors.tipo}
        />
        {show.combustivel && (
          <ChoiceGroup
            name="combustivel"
            legend="Combustível"
            columns={3}
            value={form.combustivel}
            options={FUEL_CHOICES.map((v) => ({ value: v, label: FUEL_LABEL[v] }))}
            onChange={(v) => onChange('combustivel', v)}
            help={HELP.combustivel}
            error={errors.combustivel}
          />
        )}
        <ChoiceGroup
          name="pais"
          legend="País de matrícula"
          value={form.pais}
          options={COUNTRIES.map((v) => ({ value: v, label: COUNTRY_LABEL[v] }))}
          onChange={(v) => onChange('pais', v)}
          help={HELP.pais}
          error={errors.pais}
        />
        <ChoiceGroup
          name="estado"
          legend="Novo ou usado"
          value={form.estado}
          options={CONDITIONS.map((v) => ({ value: v, label: CONDITION_LABEL[v] }))}
          onChange={(v) => onChange('estado', v)}
          error={errors.estado}
        />
        {show.matricula && (
          <HalfWidth>
            <TextField
              id="matricula"
              type="date"
              label="Data da 1.ª matrícula"
              value={form.matricula}
              onChange={(v) => onChange('matricula', v)}
              onBlur={() => onBlur('matricula')}
              help={HELP.matricula}
              error={errors.matricula}
            />
          </HalfWidth>
        )}
      </Section>

      {(show.cc || show.autonomia) && (
        <Section id="sec-motor" title="Motor e emissões">
          {show.cc && (
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                {...text('cc')}
                label="Cilindrada (cm³)"
                unit="cm³"
                inputMode="numeric"
                placeholder="ex.: 1395"
                help={HELP.cc}
              />
              <TextField
                {...text('co2')}
                label="Emissões de CO₂ (g/km)"
                unit="g/km"
                inputMode="numeric"
                placeholder="ex.: 135"
                help={HELP.co2}
              />
            </div>
          )}
          {show.ciclo && (
            <div className="grid gap-2">
              <ChoiceGroup
                name="ciclo"
                legend="Ciclo de medição do CO₂"
                value={cycleShown}
                options={CYCLES.map((v) => ({
                  value: v,
                  label: CYCLE_LABEL[v],
                  hint: v === 'wltp' ? 'Valores desde 2017–2018' : 'Valores mais antigos',
                }))}
                onChange={(v) => onChange('ciclo', v)}
                help={HELP.ciclo}
                error={errors.ciclo}
              />
              {!form.ciclo && <CycleAssumption form={form} />}
            </div>
          )}
          {show.particulas && (
            <CheckField
              id="particulas"
              label="Partículas abaixo de 0,001 g/km (indicado no certificado)"
              checked={form.particulas}
              onChange={(v) => onChange('particulas', v)}
              help={HELP.particulas}
            />
          )}
          {show.autonomia && (
            <HalfWidth>
              <TextField
                {...text('autonomia')}
                label="Autonomia elétrica (km)"
                unit="km"
                inputMode="numeric"
                placeholder="ex.: 60"
                help={HELP.autonomia}
              />
            </HalfWidth>
          )}
          {show.euro6eBis && (
            <CheckField
              id="euro6eBis"
              label="Homologado Euro 6e-bis"
              checked={form.euro6eBis}
              onChange={(v) => onChange('euro6eBis', v)}
              help={HELP.euro6eBis}
            />
          )}
        </Section>
      )}

      <Section id="sec-iva" title="IVA e data (opcional)">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...text('preco')}
            label="Preço do carro (€)"
            unit="€"
            inputMode="decimal"
            placeholder="ex.: 15.000"
            help={HELP.preco}
          />
          <TextField
            {...text('km')}
            label="Quilómetros"
            unit="km"
            inputMode="numeric"
            placeholder="ex.: 85.000"
            help={HELP.km}
          />
        </div>
        <HalfWidth>
          <TextField
            id="declaracao"
            type="date"
            label="Data da declaração aduaneira"
            value={form.declaracao}
            onChange={(v) => onChange('declaracao', v)}
            onBlur={() => onBlur('declaracao')}
            help={HELP.declaracao}
            error={errors.declaracao}
          />
        </HalfWidth>
      </Section>
    </form>
  );
}
