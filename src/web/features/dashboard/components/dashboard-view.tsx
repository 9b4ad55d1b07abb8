import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { ActiveImportsCard } from './active-imports-card.tsx';
import { RecentLeadsCard } from './recent-leads-card.tsx';
import { useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '#shared/dashboard/period.ts';
import { useDashboardOverview, type PeriodChoice } from '../api/get-dashboard-overview.ts';
import { dayYearLabel } from '../format-overview.ts';
import { FirstReplyCard } from './first-reply-card.tsx';
import { FunnelCard } from './funnel-card.tsx';
import { LeadsPerWeekChart } from './leads-per-week-chart.tsx';
import { MoneyPerMonthChart } from './money-per-month-chart.tsx';
import { OverviewCards } from './overview-cards.tsx';
import { OwedCard } from './owed-card.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { StagesChart } from './stages-chart.tsx';

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

/** The period from the address (?period=…&from=…&to=…), so a view can be shared and reloaded. */
function usePeriod(): [PeriodChoice, (p: PeriodChoice) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = (DASHBOARD_PERIODS as readonly string[]).includes(raw ?? '')
    ? (raw as DashboardPeriod)
    : 'last_30_days';
  const choice: PeriodChoice =
    period === 'custom'
      ? { period, from: params.get('from') ?? undefined, to: params.get('to') ?? undefined }
      : { period };
  const set = (p: PeriodChoice) =>
    setParams(p.period === 'custom' ? { period: p.period, from: p.from!, to: p.to! } : { period: p.period }, {
      replace: true,
    });
  return [choice, set];
}

/** The period picker, every figure and chart of that period, then the recent leads and active imports. */
export function DashboardView() {
  const [period, setPeriod] = usePeriod();
  const overview = useDashboardOverview(period);
  const stats = useDashboardStats();
  const shown = overview.data?.period;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PeriodPicker key={`${period.period}:${period.from}:${period.to}`} value={period} onChange={setPeriod} />
        {shown && (
          <p className="text-sm text-muted-foreground" data-testid="period-range" aria-live="polite">
            {dayYearLabel(shown.from)} – {dayYearLabel(shown.to)} ({shown.days} {shown.days === 1 ? 'day' : 'days'})
          </p>
        )}
      </div>
      <QueryStates query={overview} pending={<DashboardSkeleton />} errorTitle="Failed to load the dashboard">
        {(data) => (
          <div className="flex flex-col gap-6" aria-busy={overview.isPlaceholderData}>
            <OverviewCards cards={data.cards} />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <LeadsPerWeekChart data={data.leadsPerWeek} />
              <FunnelCard funnel={data.funnel} />
              <FirstReplyCard reply={data.firstReply} />
              <MoneyPerMonthChart money={data.moneyPerMonth} />
              <OwedCard owed={data.owed} />
              <StagesChart stages={data.stages} />
            </div>
          </div>
        )}
      </QueryStates>
      <QueryStates query={stats} pending={null} errorTitle="Failed to load the recent leads and imports">
        {(data) => (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentLeadsCard leads={data.recentLeads} />
            <ActiveImportsCard imports={data.recentActiveImports} />
          </div>
        )}
      </QueryStates>
    </div>
  );
}
