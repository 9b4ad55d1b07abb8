import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { ActiveImportsCard } from './active-imports-card.tsx';
import { RecentLeadsCard } from './recent-leads-card.tsx';
import { StatsGrid } from './stats-grid.tsx';

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard" className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="gap-3 py-5">
            <CardHeader className="px-5">
              <Skeleton className="h-4 w-24" />
            </CardHeader>
            <CardContent className="flex flex-col gap-2 px-5">
              <Skeleton className="h-8 w-20" />
              <Skeleton className="h-3 w-36" />
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, i) => (
          <Card key={i}>
            <CardHeader>
              <Skeleton className="h-5 w-32" />
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {Array.from({ length: 3 }, (_, j) => (
                <Skeleton key={j} className="h-10 w-full" />
              ))}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** Figures, recent leads and active imports. */
export function DashboardView() {
  const stats = useDashboardStats();
  return (
    <QueryStates query={stats} pending={<DashboardSkeleton />} errorTitle="Failed to load the dashboard">
      {(data) => (
        <div className="flex flex-col gap-6">
          <StatsGrid stats={data} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentLeadsCard leads={data.recentLeads} />
            <ActiveImportsCard imports={data.recentActiveImports} />
          </div>
        </div>
      )}
    </QueryStates>
  );
}
