import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Loader2 from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import { publicButton, publicField } from '#web/components/layouts/public-styles.ts';
import { toast } from '#web/hooks/use-toast.ts';
import type { QuoteFormField } from '#shared/schemas/contact-form.ts';
import { QUOTE_FORM } from '#shared/schemas/contact-form-rules.ts';
import { PUBLIC_FUEL_OPTIONS, PUBLIC_TRANSMISSION_OPTIONS } from '#shared/vocabulary.ts';
import { submitQuote } from '../api/submit-quote.ts';
import { EMPTY_VALUES, utmFrom, withoutPrefill, type QuoteFormValues } from '../lib/form-values.ts';
import { checkBeforeSending, loadQuoteSchema } from '../lib/pre-submit.ts';
import { Field, Choice } from './quote-form-fields.tsx';

export interface QuoteFormProps {
  initialValues: QuoteFormValues;
  currentYear: number;
  /** Called as a request starts (the page preloads its toast code). */
  onSubmitStart?: () => void;
  /**
   * Minimum fill time counted from the page's load (true, a page of its own) or from when the
   * form appeared (false: reached by in-app navigation).
   */
  countFromPageLoad?: boolean;
}

type Errors = Partial<Record<QuoteFormField, string>>;

export function QuoteForm({ initialValues, currentYear, onSubmitStart, countFromPageLoad = true }: QuoteFormProps) {
  const [values, setValues] = useState<QuoteFormValues>(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const touched = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const startedAt = useRef(0);
  const id = useId();

  useEffect(() => {
    startedAt.current = countFromPageLoad ? 0 : performance.now();
  }, [countFromPageLoad]);

  const set = (field: QuoteFormField, value: string) => {
    touched.current = true;
    setValues((v) => ({ ...v, [field]: value }));
    // A field's message goes away as soon as the customer edits it.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const onChange = (field: QuoteFormField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    set(field, e.target.value);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const check = await checkBeforeSending({
      values,
      honeypot: honeypot.current?.value ?? '',
      elapsedMs: performance.now() - startedAt.current,
      touched: touched.current,
      currentYear,
    });
    if (!check.ok) {
      if (check.fields) setErrors(check.fields);
      toast({ title: 'Erro', description: check.toast, variant: 'destructive' });
      if (check.fields) focusFirstError(id, check.fields);
      return;
    }
    setSubmitting(true);
    onSubmitStart?.();
    const result = await submitQuote({
      ...values,
      honeypot: honeypot.current?.value ?? '',
      formDuration: Math.round(performance.now() - startedAt.current),
      ...utmFrom(window.location.search),
    });
    setSubmitting(false);
    if (!result.ok) {
      // The customer's values stay so they can try again.
      toast({ title: 'Erro', description: result.message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Sucesso!', description: result.message });
    setValues(EMPTY_VALUES);
    setErrors({});
    touched.current = false;
    history.replaceState(history.state, '', withoutPrefill(window.location.href));
  }

  const field = (name: QuoteFormField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: onChange(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: publicField.input,
  });
  const specific = values.vehicleChoice === 'specific';

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      onFocusCapture={() => void loadQuoteSchema()}
      className="grid gap-5"
      aria-busy={submitting}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Nome"
          htmlFor={`${id}-name`}
          error={errors.name}
          errorId={`${id}-name-error`}
          className="sm:col-span-2"
        >
          <input {...field('name')} type="text" autoComplete="name" />
        </Field>
        <Field label="Email" htmlFor={`${id}-email`} error={errors.email} errorId={`${id}-email-error`}>
          <input {...field('email')} type="email" autoComplete="email" inputMode="email" />
        </Field>
        <Field label="Telefone" htmlFor={`${id}-phone`} error={errors.phone} errorId={`${id}-phone-error`}>
          <input {...field('phone')} type="tel" autoComplete="tel" inputMode="tel" />
        </Field>
      </div>

      <fieldset className="grid gap-2">
        <legend className={`${publicField.label} mb-2`}>O que procura?</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border bg-muted p-1">
          <Choice name={`${id}-choice`} value="specific" checked={specific} onSelect={(v) => set('vehicleChoice', v)}>
            Um carro específico
          </Choice>
          <Choice
            name={`${id}-choice`}
            value="brand_model"
            checked={!specific}
            onSelect={(v) => set('vehicleChoice', v)}
          >
            Marca e modelo
          </Choice>
        </div>
        {errors.vehicleChoice ? <p className={publicField.error}>{errors.vehicleChoice}</p> : null}
      </fieldset>

      {specific ? (
        <Field
          label="Link do anúncio"
          htmlFor={`${id}-vehicleLink`}
          error={errors.vehicleLink}
          errorId={`${id}-vehicleLink-error`}
          hint="Cole o endereço do anúncio no mobile.de, AutoScout24, Standvirtual ou outro site."
        >
          <input
            {...field('vehicleLink')}
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://www.mobile.de/..."
          />
        </Field>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Marca" htmlFor={`${id}-brand`} error={errors.brand} errorId={`${id}-brand-error`}>
            <input {...field('brand')} type="text" placeholder="Ex.: BMW" />
          </Field>
          <Field label="Modelo" htmlFor={`${id}-model`} error={errors.model} errorId={`${id}-model-error`}>
            <input {...field('model')} type="text" placeholder="Ex.: Série 3 Touring" />
          </Field>
          <Field
            label="Valor (€)"
            htmlFor={`${id}-budget`}
            error={errors.budget}
            errorId={`${id}-budget-error`}
            hint="O máximo que quer gastar, com tudo incluído."
          >
            <input {...field('budget')} type="text" inputMode="decimal" placeholder="Ex.: 25000" />
          </Field>
          <Field label="Ano (a partir de)" htmlFor={`${id}-year`} error={errors.year} errorId={`${id}-year-error`}>
            <input
              {...field('year')}
              type="number"
              inputMode="numeric"
              min={QUOTE_FORM.minYear}
              max={currentYear}
              step={1}
              placeholder={`${QUOTE_FORM.minYear}–${currentYear}`}
            />
          </Field>
          <Field label="Máximo de kms" htmlFor={`${id}-mileage`} error={errors.mileage} errorId={`${id}-mileage-error`}>
            <input {...field('mileage')} type="text" inputMode="numeric" placeholder="Ex.: 100000" />
          </Field>
          <Field
            label="Tipo de caixa"
            htmlFor={`${id}-transmission`}
            error={errors.transmission}
            errorId={`${id}-transmission-error`}
          >
            <select {...field('transmission')}>
              <option value="">Selecione…</option>
              {PUBLIC_TRANSMISSION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Tipo de combustível"
            htmlFor={`${id}-fuelType`}
            error={errors.fuelType}
            errorId={`${id}-fuelType-error`}
            className="sm:col-span-2"
          >
            <select {...field('fuelType')}>
              <option value="">Selecione…</option>
              {PUBLIC_FUEL_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}

      {/* For bots only: people never see or reach it; filled, it blocks the form before any other check. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Não preencha este campo</label>
        <input
          ref={honeypot}
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className={publicField.hint}>
          Gratuito e sem compromisso. Usamos os seus dados apenas para responder ao pedido.
        </p>
        <button type="submit" disabled={submitting} className={`${publicButton.primary} sm:min-w-48`}>
          {submitting ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {submitting ? 'Enviando...' : 'Enviar pedido'}
        </button>
      </div>
    </form>
  );
}

function focusFirstError(id: string, fields: Errors) {
  const first = Object.keys(fields)[0];
  if (first) document.getElementById(`${id}-${first}`)?.focus();
}
