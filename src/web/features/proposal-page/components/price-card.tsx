import type { ReactNode } from 'react';
import type { PublicProposal } from '#shared/schemas/proposals.ts';
import type { ProposalTexts } from '../lib/i18n.ts';
import { formatEuros, priceLines } from '../lib/price-lines.ts';
import { InfoTip } from './info-tip.tsx';

export function PriceCard({ proposal, t }: { proposal: PublicProposal; t: ProposalTexts }) {
  const lines = priceLines(proposal);
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
        <Line label={t.taxes} testId="taxes">
          {formatEuros(lines.taxes)}
        </Line>
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
