import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { FormField, IsvForm } from '../form-state.ts';
import { formatEuro } from '../format-pt.ts';
import { formToSearch, searchToForm } from '../query-string.ts';
import { quoteFormHref } from '../quote-link.ts';
import { simulate, type FieldErrors } from '../simulate.ts';
import { ResultPanel } from './result-panel.tsx';
import { SimulatorForm } from './simulator-form.tsx';

/** True while the element is on screen (always false where IntersectionObserver is missing). */
function useOnScreen(ref: React.RefObject<HTMLElement | null>) {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

export interface IsvSimulatorProps {
  /** The address's query ('?cc=1395&...'): the inputs of a shared simulation. */
  search: string;
  /** Today in Lisbon (YYYY-MM-DD) as the server saw it, so the hydrated form starts the same. */
  today: string;
}

/**
 * The ISV simulator: form and live result, with the inputs mirrored in the query string. Rendered
 * on the server from the same props (the state of a shared link is in the HTML) and hydrated.
 */
export function IsvSimulator({ search, today }: IsvSimulatorProps) {
  const [form, setForm] = useState<IsvForm>(() => searchToForm(search, today));
  // Fields restored from a link count as touched, so their errors show at once.
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(
    () => new Set([...new URLSearchParams(search).keys()] as FormField[]),
  );
  const resultRef = useRef<HTMLDivElement>(null);
  const resultOnScreen = useOnScreen(resultRef);

  const onChange = useCallback(
    <K extends FormField>(field: K, value: IsvForm[K]) => setForm((f) => ({ ...f, [field]: value })),
    [],
  );
  const onBlur = useCallback((field: FormField) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field))), []);

  // Shareable URL: replace (not push) the history entry as the user types.
  useEffect(() => {
    const { pathname, search: current, hash } = window.location;
    const next = formToSearch(form, today);
    if (next !== current) window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
  }, [form, today]);

  const simulation = useMemo(() => simulate(form), [form]);
  const quoteHref = quoteFormHref(form);
  // A missing value waits until the field was left once; a wrong value shows while typing.
  const shownErrors = useMemo(() => {
    if (simulation.status === 'ok') return {};
    const shown: FieldErrors = {};
    for (const [field, message] of Object.entries(simulation.errors) as [FormField, string][]) {
      if (form[field] !== '' || touched.has(field)) shown[field] = message;
    }
    return shown;
  }, [simulation, form, touched]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <SimulatorForm form={form} errors={shownErrors} onChange={onChange} onBlur={onBlur} />
      <div ref={resultRef} className="lg:sticky lg:top-6">
        <ResultPanel form={form} simulation={simulation} quoteHref={quoteHref} />
      </div>
      {simulation.status === 'ok' && !resultOnScreen && (
        <a
          href="#resultado"
          onClick={(e) => {
            // Scrolls without adding #resultado to the address.
            e.preventDefault();
            document.getElementById('resultado')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
          className="fixed inset-x-3 bottom-3 z-40 flex items-center justify-between gap-3 rounded-xl bg-primary px-4 py-3 text-primary-foreground shadow-lg lg:hidden"
          data-testid="isv-resumo-movel"
        >
          <span className="text-sm">
            ISV estimado: <strong className="text-base tabular-nums">{formatEuro(simulation.result.isv)}</strong>
          </span>
          <span className="flex items-center gap-1 text-sm font-medium">
            Ver cálculo <ChevronDown className="size-4" aria-hidden />
          </span>
        </a>
      )}
    </div>
  );
}
