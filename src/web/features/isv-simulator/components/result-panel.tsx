import ArrowRight from 'lucide-react/icons/arrow-right';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { pendingTablesText } from '#shared/tax/tax-calendar.ts';
import { publicButton } from '#web/components/layouts/public-styles.ts';
import { buildBreakdown } from '../breakdown.ts';
import { formatDatePt, formatEuroCents } from '../format-pt.ts';
import { FIELD_NAME, joinPt } from '../labels.ts';
import { pageNotes } from '../notes.ts';
import type { IsvForm } from '../form-state.ts';
import type { Simulation } from '../simulate.ts';

interface ResultPanelProps {
  form: IsvForm;
  simulation: Simulation;
  quoteHref: string;
}

function Pending({ form, simulation }: { form: IsvForm; simulation: Extract<Simulation, { status: 'invalid' }> }) {
  const fields = Object.keys(simulation.errors) as (keyof IsvForm)[];
  const missing = fields.filter((f) => form[f] === '');
  const wrong = fields.filter((f) => form[f] !== '');
  return (
    <p className="rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground" data-testid="isv-pendente">
      {wrong.length
        ? `Corrija ${joinPt(wrong.map((f) => FIELD_NAME[f] ?? f))} para ver o ISV.`
        : `Preencha ${joinPt(missing.map((f) => FIELD_NAME[f] ?? f))} para ver o ISV.`}
    </p>
  );
}

export function ResultPanel({ form, simulation, quoteHref }: ResultPanelProps) {
  const ok = simulation.status === 'ok' ? simulation : null;
  const lines = ok ? buildBreakdown(ok.input, ok.result) : [];
  const notes = ok ? pageNotes(ok.input, ok.result.notes) : [];
  const isv = lines.find((l) => l.key === 'isv');
  const total = lines.find((l) => l.key === 'total');
  const showTotal = ok && lines.some((l) => l.key === 'iva');

  return (
    <section
      id="resultado"
      aria-labelledby="resultado-titulo"
      className="scroll-mt-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="resultado-titulo" className="text-lg font-semibold tracking-tight">
        Resultado
      </h2>
      {ok && (
        <p className="mt-1 text-xs text-muted-foreground">
          Declaração em {formatDatePt(ok.input.declarationDate)} · tabelas em vigor (Orçamento do Estado de{' '}
          {ok.result.breakdown.tableVersion})
        </p>
      )}

      {ok?.result.breakdown.pendingTables && (
        <p
          className="mt-3 flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
          role="note"
          data-testid="isv-tabelas-pendentes"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{pendingTablesText(ok.result.breakdown.pendingTables, 'pt')}</span>
        </p>
      )}

      <div
        className="mt-4 grid gap-1 rounded-lg bg-primary/5 px-4 py-3 dark:bg-primary/15"
        aria-live="polite"
        aria-atomic="true"
      >
        <span className="text-sm text-muted-foreground">ISV a pagar</span>
        <span className="text-3xl font-bold tracking-tight whitespace-nowrap tabular-nums" data-testid="isv-valor">
          {isv ? formatEuroCents(isv.cents ?? 0) : '—'}
        </span>
        {showTotal && total && (
          <span className="text-sm whitespace-nowrap" data-testid="isv-total-impostos">
            Total de impostos: <strong className="tabular-nums">{formatEuroCents(total.cents ?? 0)}</strong>
          </span>
        )}
      </div>

      {simulation.status === 'invalid' && (
        <div className="mt-4">
          <Pending form={form} simulation={simulation} />
        </div>
      )}

      {ok && (
        <>
          <h3 className="mt-6 mb-2 text-sm font-semibold">Como é calculado</h3>
          <dl className="divide-y text-sm" data-testid="isv-linhas">
            {lines.map((line) => (
              <div
                key={line.key}
                data-linha={line.key}
                className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-2.5${line.kind !== 'item' ? ' font-semibold' : ''}`}
              >
                <dt>
                  {line.label}
                  {line.detail && (
                    <span className="ml-1.5 rounded bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">
                      {line.detail}
                    </span>
                  )}
                </dt>
                <dd className={`text-right whitespace-nowrap tabular-nums${line.kind === 'total' ? ' text-base' : ''}`}>
                  {line.cents === null ? '—' : formatEuroCents(line.cents)}
                </dd>
                <dd className="col-span-2 text-xs leading-relaxed font-normal text-muted-foreground">
                  {line.explanation}
                </dd>
              </div>
            ))}
          </dl>
          {notes.length > 0 && (
            <ul className="mt-4 grid gap-2 text-sm" aria-label="Notas">
              {notes.map((n) => (
                <li key={n.text} lang={n.lang} className="flex gap-2 rounded-md bg-muted px-3 py-2">
                  <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  <span>{n.text}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {/* A plain link: the landing page is its own server-rendered page (decision 009). */}
      <a href={quoteHref} className={`${publicButton.primary} mt-6 flex w-full text-center whitespace-normal`}>
        Pedir orçamento para este carro
        <ArrowRight aria-hidden />
      </a>
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground">
        Simulação indicativa com as regras em vigor. O valor final é o da liquidação da Autoridade Tributária na
        declaração aduaneira.
      </p>
    </section>
  );
}
