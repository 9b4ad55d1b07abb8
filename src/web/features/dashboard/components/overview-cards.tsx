import { CircleCheck, Euro, PiggyBank, Truck, Users } from 'lucide-react';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { euros } from '../format-overview.ts';
import { StatCard } from './stat-card.tsx';

const count = new Intl.NumberFormat('en-US');

/** The period's headline figures, each with its trend against the window before and what it counts. */
export function OverviewCards({ cards }: { cards: DashboardOverview['cards'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <StatCard
        title="Leads"
        value={count.format(cards.leads.value)}
        icon={Users}
        trend={cards.leads.trend}
        explain="Leads created in the period."
      />
      <StatCard
        title="Active Imports"
        value={count.format(cards.activeImports.value)}
        icon={Truck}
        explain="Neither delivered nor canceled, right now."
      />
      <StatCard
        title="Completed"
        value={count.format(cards.completedImports.value)}
        icon={CircleCheck}
        trend={cards.completedImports.trend}
        explain="Imports delivered in the period."
      />
      <StatCard
        title="Revenue"
        value={euros(cards.revenue.value)}
        icon={Euro}
        trend={cards.revenue.trend}
        explain="Service prices of imports created in the period, canceled excluded."
      />
      <StatCard
        title="Profit"
        value={euros(cards.profit.value)}
        icon={PiggyBank}
        trend={cards.profit.trend}
        explain="That revenue minus every cost of those imports."
      />
    </div>
  );
}
