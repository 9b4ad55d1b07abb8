import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { LOST_REASON_LABELS, NO_LOST_REASON_LABEL } from '#shared/leads/lost-reasons.ts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { ChartContainer, ChartTable, ChartTooltip, seriesColor, type ChartConfig } from '#web/components/ui/chart.tsx';
import { percent } from '../format-overview.ts';
import { FigureCard } from './figure-card.tsx';

const config: ChartConfig = {
  requested: { label: 'Requested', color: 'var(--chart-2)' },
  quoted: { label: 'Quoted', color: 'var(--chart-1)' },
  converted: { label: 'Converted', color: 'var(--chart-3)' },
};

/** Requested -> quoted -> converted for the period's leads, the rates between, and why the rejected were lost. */
export function FunnelCard({ funnel }: { funnel: DashboardOverview['funnel'] }) {
  const steps = [
    { key: 'requested', label: 'Requested', count: funnel.requested },
    { key: 'quoted', label: 'Quoted', count: funnel.quoted },
    { key: 'converted', label: 'Converted', count: funnel.converted },
  ];
  const reasons = funnel.lostReasons.map((r) => ({
    label: r.reason ? LOST_REASON_LABELS[r.reason] : NO_LOST_REASON_LABEL,
    count: r.count,
  }));
  const maxReason = Math.max(1, ...reasons.map((r) => r.count));
  return (
    <FigureCard
      title="Funnel"
      explain="Leads created in the period: all of them (requested), those a quote reached (quoted), those that became an import (converted). Lost reasons are those given when rejecting."
    >
      <ChartContainer
        config={config}
        className="h-36"
        summary={`Funnel: ${funnel.requested} requested, ${funnel.quoted} quoted (${percent(funnel.quotedRate)}), ${funnel.converted} converted (${percent(funnel.convertedRate)} of requested).`}
      >
        <BarChart data={steps} layout="vertical" margin={{ left: 8, right: 40 }}>
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} width={80} />
          <ChartTooltip />
          <Bar dataKey="count" radius={4} isAnimationActive={false}>
            {steps.map((s) => (
              <Cell key={s.key} fill={seriesColor(s.key)} />
            ))}
            <LabelList dataKey="count" position="right" className="fill-foreground" />
          </Bar>
        </BarChart>
      </ChartContainer>
      <dl className="grid grid-cols-3 gap-2 text-center text-xs">
        <div>
          <dt className="text-muted-foreground">Quoted / requested</dt>
          <dd className="text-base font-semibold tabular-nums">{percent(funnel.quotedRate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Converted / quoted</dt>
          <dd className="text-base font-semibold tabular-nums">{percent(funnel.convertedFromQuotedRate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Converted / requested</dt>
          <dd className="text-base font-semibold tabular-nums">{percent(funnel.convertedRate)}</dd>
        </div>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-medium">Lost: {funnel.rejected} rejected</h3>
        {reasons.length === 0 ? (
          <p className="text-xs text-muted-foreground">No lead was rejected in this period.</p>
        ) : (
          <ul className="flex flex-col gap-1.5" aria-label="Lost reasons">
            {reasons.map((r) => (
              <li key={r.label} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-2 text-xs">
                <span className="truncate">{r.label}</span>
                <span className="h-2 rounded-full bg-muted" aria-hidden>
                  <span
                    className="block h-2 rounded-full bg-chart-5"
                    style={{ width: `${(r.count / maxReason) * 100}%` }}
                  />
                </span>
                <span className="text-right tabular-nums">{r.count}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ChartTable
        caption="Funnel"
        columns={['Step', 'Leads', 'Rate']}
        rows={[
          ['Requested', funnel.requested, percent(funnel.requested ? 100 : null)],
          ['Quoted', funnel.quoted, percent(funnel.quotedRate)],
          ['Converted', funnel.converted, percent(funnel.convertedRate)],
          ['Rejected', funnel.rejected, ''],
          ...reasons.map((r) => [`Lost: ${r.label}`, r.count, '']),
        ]}
      />
    </FigureCard>
  );
}
