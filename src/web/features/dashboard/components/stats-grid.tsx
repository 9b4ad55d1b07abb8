import { CircleCheck, Euro, Truck, Users } from 'lucide-react';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { formatRevenueK } from '../format.ts';
import { StatCard } from './stat-card.tsx';

const count = new Intl.NumberFormat('en-US');

/** Total Leads, Active Imports, Completed, Revenue. */
export function StatsGrid({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Leads"
        value={count.format(stats.totalLeads)}
        icon={Users}
        trend={stats.trends.totalLeads}
      />
      <StatCard
        title="Active Imports"
        value={count.format(stats.activeImports)}
        icon={Truck}
        trend={stats.trends.activeImports}
      />
      <StatCard
        title="Completed"
        value={count.format(stats.completedImports)}
        icon={CircleCheck}
        trend={stats.trends.completedImports}
      />
      <StatCard title="Revenue" value={formatRevenueK(stats.revenue)} icon={Euro} trend={stats.trends.revenue} />
    </div>
  );
}
