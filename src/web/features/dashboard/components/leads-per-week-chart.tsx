import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import {
  ChartContainer,
  ChartLegendFor,
  ChartTable,
  ChartTooltip,
  seriesColor,
  type ChartConfig,
} from '#web/components/ui/chart.tsx';
import { dayLabel } from '../format-overview.ts';
import { EmptyChart, FigureCard, PALETTE } from './figure-card.tsx';

/** Leads per week, stacked by where they came from (the form by utm_source, each mailbox, manual, extension). */
export function LeadsPerWeekChart({ data }: { data: DashboardOverview['leadsPerWeek'] }) {
  const config: ChartConfig = Object.fromEntries(
    data.sources.map((s, i) => [s.key, { label: s.label, color: PALETTE[i % PALETTE.length]! }]),
  );
  const rows = data.weeks.map((w) => ({ week: w.week, ...w.counts }));
  const total = data.sources.reduce((t, s) => t + s.total, 0);
  const summary = `Leads per week by source: ${total} leads; ${data.sources.map((s) => `${s.label} ${s.total}`).join(', ')}.`;
  return (
    <FigureCard
      title="Leads per week by source"
      explain="Leads created in the period, per week (Monday to Sunday), by how they arrived: the site form by its utm_source, each mailbox, typed in by staff, or captured with the extension."
      className="min-w-0 gap-4 lg:col-span-2"
    >
      {total === 0 ? (
        <EmptyChart text="No leads in this period" />
      ) : (
        <>
          <ChartContainer config={config} summary={summary} className="h-64">
            <BarChart data={rows} margin={{ left: -16, right: 8, top: 8 }}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="week" tickFormatter={dayLabel} tickLine={false} axisLine={false} minTickGap={16} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} />
              <ChartTooltip labelFormat={(w) => `Week of ${dayLabel(w)}`} />
              {data.sources.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  stackId="leads"
                  fill={seriesColor(s.key)}
                  radius={i === data.sources.length - 1 ? [3, 3, 0, 0] : 0}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ChartContainer>
          <ChartLegendFor config={config} />
        </>
      )}
      <ChartTable
        caption="Leads per week by source"
        columns={['Week of', ...data.sources.map((s) => s.label), 'Total']}
        rows={[
          ...data.weeks.map((w) => [
            dayLabel(w.week),
            ...data.sources.map((s) => w.counts[s.key] ?? 0),
            data.sources.reduce((t, s) => t + (w.counts[s.key] ?? 0), 0),
          ]),
          ['Total', ...data.sources.map((s) => s.total), total],
        ]}
      />
    </FigureCard>
  );
}
