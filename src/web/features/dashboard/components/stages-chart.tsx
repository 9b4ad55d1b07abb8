import { Bar, BarChart, CartesianGrid, LabelList, XAxis, YAxis } from 'recharts';
import { IMPORT_STATUS_LABELS } from '#shared/imports/status.ts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { ChartContainer, ChartTable, ChartTooltip, seriesColor, type ChartConfig } from '#web/components/ui/chart.tsx';
import { EmptyChart, FigureCard } from './figure-card.tsx';

const config: ChartConfig = {
  count: { label: 'Imports', color: 'var(--chart-2)' },
  averageDays: { label: 'Average days in stage', color: 'var(--chart-4)' },
};

const days = (d: number | null) => (d === null ? '—' : `${d.toFixed(1)} d`);

/** The period's imports by their stage now, and how long they stayed in each stage on average. */
export function StagesChart({ stages }: { stages: DashboardOverview['stages'] }) {
  const rows = stages.map((s) => ({ ...s, label: IMPORT_STATUS_LABELS[s.status], averageDays: s.averageDays ?? 0 }));
  const total = stages.reduce((t, s) => t + s.count, 0);
  const slowest = stages.filter((s) => s.averageDays !== null).sort((a, b) => b.averageDays! - a.averageDays!)[0];
  return (
    <FigureCard
      title="Imports by stage"
      explain="Imports created in the period by their stage now (bars), and the average days they spent in each stage, counting the current one up to today (from the stage history)."
      className="min-w-0 gap-4 lg:col-span-2"
    >
      {total === 0 ? (
        <EmptyChart text="No imports in this period" />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <ChartContainer
            config={config}
            summary={`Imports by stage now: ${stages.map((s) => `${IMPORT_STATUS_LABELS[s.status]} ${s.count}`).join(', ')}.`}
          >
            <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 32 }}>
              <XAxis type="number" hide allowDecimals={false} />
              <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} width={120} interval={0} />
              <ChartTooltip />
              <Bar dataKey="count" fill={seriesColor('count')} radius={4} isAnimationActive={false}>
                <LabelList dataKey="count" position="right" className="fill-foreground" />
              </Bar>
            </BarChart>
          </ChartContainer>
          <ChartContainer
            config={config}
            summary={
              slowest
                ? `Longest average stage: ${IMPORT_STATUS_LABELS[slowest.status]}, ${days(slowest.averageDays)}.`
                : 'No stage durations yet.'
            }
          >
            <BarChart
              data={rows.filter((r) => r.status !== 'delivered' && r.status !== 'canceled')}
              margin={{ left: -16, right: 8, top: 16 }}
            >
              <CartesianGrid vertical={false} />
              <XAxis
                dataKey="label"
                tickLine={false}
                axisLine={false}
                interval={0}
                angle={-30}
                textAnchor="end"
                height={64}
              />
              <YAxis tickLine={false} axisLine={false} width={56} />
              <ChartTooltip format={(v) => `${v.toFixed(1)} d`} />
              <Bar
                dataKey="averageDays"
                fill={seriesColor('averageDays')}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartContainer>
        </div>
      )}
      <ChartTable
        caption="Imports by stage"
        columns={['Stage', 'Imports now', 'Average days in stage']}
        rows={stages.map((s) => [IMPORT_STATUS_LABELS[s.status], s.count, days(s.averageDays)])}
      />
    </FigureCard>
  );
}
