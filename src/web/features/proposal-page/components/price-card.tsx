import type { ReactNode } from 'react';
import type { PublicProposal } from '#shared/schemas/public-proposal.ts';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { formatDayMonthYear, formatListedPrice, formatRate } from '#shared/money-format.ts';
import { isForeignCurrency } from '#shared/proposals/currency.ts';
import { pendingTablesText } from '#shared/tax/tax-calendar.ts';
import type { ProposalLang } from '#web/app/public-routes.ts';
import type { ProposalTexts } from '../lib/i18n.ts';
import { formatEuros, priceLines } from '../lib/price-lines.ts';
import { InfoTip } from './info-tip.tsx';

export function PriceCard({ proposal, t, lang }: { proposal: PublicProposal; t: ProposalTexts; lang: ProposalLang }) {
  const lines = priceLines(proposal);
  // A listing in another currency (ADR 055): its own price, and the rate that made the euro price.
  const listed = isForeignCurrency(proposal.listedCurrency)
    ? formatListedPrice(proposal.listedPrice, proposal.listedCurrency)
    : null;
  const rate = proposal.exchangeRate
    ? lang === 'pt'
      ? formatRate(proposal.exchangeRate)
      : proposal.exchangeRate
    : null;
  const exchangeNote =
    listed && rate
      ? t.exchangeNote(
          proposal.listedCurrency!,
          rate,
          proposal.exchangeRateDate ? formatDayMonthYear(proposal.exchangeRateDate) : null,
        )
      : null;
  const tablesWarning = proposal.taxTablesPending ? pendingTablesText(proposal.taxTablesPending, lang) : null;
  return (
    <section
      aria-labelledby="price-card-title"
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-slot="price-card"
    >
      <h2 id="price-card-title" className="text-lg font-semibold">
        {t.prices}
      </h2>
      <dl className="mt-4 grid gap-3 text-sm">
        <Line label={t.vehiclePrice} testId="price">
          {lines.originalPrice !== null ? (
            <s className="mr-2 text-muted-foreground" data-testid="original-price">
              <span className="sr-only">{t.originalPrice}: </span>
              {formatEuros(lines.originalPrice)}
            </s>
          ) : null}
          <span className="font-semibold">{formatEuros(lines.price)}</span>
        </Line>
        {listed ? (
          <Line label={t.listedPrice} testId="listed-price" muted>
            {listed}
          </Line>
        ) : null}
        {lines.priceWithoutVat !== null ? (
          <Line label={t.priceWithoutVat} testId="price-without-vat" muted>
            {formatEuros(lines.priceWithoutVat)}
          </Line>
        ) : null}
        <Line label={t.isv} tip={<InfoTip text={t.isvTip} label={t.moreAbout(t.isv)} />} testId="isv">
          {formatEuros(lines.isv)}
        </Line>
        {lines.iva !== null ? (
          <Line label={t.iva} testId="iva">
            {formatEuros(lines.iva)}
          </Line>
        ) : null}
        {lines.taxes !== null ? (
          <Line label={t.taxes} testId="taxes">
            {formatEuros(lines.taxes)}
          </Line>
        ) : null}
        <Line label={t.service} tip={<InfoTip text={t.serviceTip} label={t.moreAbout(t.service)} />} testId="service">
          {formatEuros(lines.service)}
        </Line>
      </dl>
      <div className="mt-5 border-t pt-4">
        <div className="flex items-baseline justify-between gap-4" data-testid="total">
          <span className="text-base font-semibold">{t.total}</span>
          <span className="text-3xl font-extrabold tracking-tight text-primary dark:text-foreground">
            {formatEuros(lines.total)}
          </span>
        </div>
        <p className="mt-1 text-xs text-muted-foreground">{t.totalNote}</p>
        {exchangeNote ? (
          <p className="mt-2 text-xs text-muted-foreground" data-testid="exchange-note">
            {exchangeNote}
          </p>
        ) : null}
        {tablesWarning ? (
          <p
            className="mt-3 flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm text-amber-900 dark:text-amber-200"
            role="note"
            data-testid="tables-pending"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{tablesWarning}</span>
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Line({
  label,
  tip,
  muted,
  testId,
  children,
}: {
  label: string;
  tip?: ReactNode;
  muted?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex items-center justify-between gap-4 ${muted ? 'text-muted-foreground' : ''}`}
      data-testid={testId}
    >
      <dt className="flex items-center gap-1">
        {label}
        {tip}
      </dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}
