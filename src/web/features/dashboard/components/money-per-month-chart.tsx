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
import { amount, euros, eurosShort, monthLabel } from '../format-overview.ts';
import { EmptyChart, FigureCard } from './figure-card.tsx';

const config: ChartConfig = {
  revenue: { label: 'Revenue', color: 'var(--chart-1)' },
  profit: { label: 'Profit', color: 'var(--chart-3)' },
};

/** Revenue and profit of the period's imports, per month they were created. */
export function MoneyPerMonthChart({ money }: { money: DashboardOverview['moneyPerMonth'] }) {
  const rows = money.months.map((m) => ({ month: m.month, revenue: amount(m.revenue), profit: amount(m.profit) }));
  return (
    <FigureCard
      title="Revenue and profit per month"
      explain="Revenue = sum of service prices of imports created in the period (not canceled); profit = revenue minus all costs of those imports. By the month the import was created."
    >
      {rows.length === 0 ? (
        <EmptyChart text="No imports in this period" />
      ) : (
        <>
          <ChartContainer
            config={config}
            summary={`Revenue ${euros(money.revenue)}, costs ${euros(money.costs)}, profit ${euros(money.profit)} over ${rows.length} month(s).`}
          >
            <BarChart data={rows} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid vertical={false} />
              <XAxis dataKey="month" tickFormatter={monthLabel} tickLine={false} axisLine={false} />
              <YAxis tickFormatter={eurosShort} tickLine={false} axisLine={false} width={52} />
              <ChartTooltip labelFormat={monthLabel} format={(v) => euros(v.toFixed(2))} />
              <Bar dataKey="revenue" fill={seriesColor('revenue')} radius={[3, 3, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="profit" fill={seriesColor('profit')} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ChartContainer>
          <ChartLegendFor config={config} />
        </>
      )}
      <ChartTable
        caption="Revenue and profit per month"
        columns={['Month', 'Imports', 'Revenue', 'Costs', 'Profit']}
        rows={[
          ...money.months.map((m) => [
            monthLabel(m.month),
            m.imports,
            euros(m.revenue),
            euros(m.costs),
            euros(m.profit),
          ]),
          [
            'Total',
            money.months.reduce((t, m) => t + m.imports, 0),
            euros(money.revenue),
            euros(money.costs),
            euros(money.profit),
          ],
        ]}
      />
    </FigureCard>
  );
}
