import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';
import { ChartTable } from '#web/components/ui/chart.tsx';
import { duration } from '../format-overview.ts';
import { FigureCard } from './figure-card.tsx';

/** How fast the period's leads got their first answer: median and 90th percentile. */
export function FirstReplyCard({ reply }: { reply: DashboardOverview['firstReply'] }) {
  const total = reply.replied + reply.unanswered;
  const share = total === 0 ? 0 : (reply.replied / total) * 100;
  return (
    <FigureCard
      title="Time to first reply"
      explain="From a lead's arrival to the first e-mail, call or message a staff member sent or logged on it (the automatic acknowledgement does not count). Leads created in the period."
    >
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-muted/50 p-3">
          <dt className="text-xs text-muted-foreground">Median</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="reply-median">
            {duration(reply.medianHours)}
          </dd>
          <dd className="text-xs text-muted-foreground">half of the replies came faster</dd>
        </div>
        <div className="rounded-lg bg-muted/50 p-3">
          <dt className="text-xs text-muted-foreground">90th percentile</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="reply-p90">
            {duration(reply.p90Hours)}
          </dd>
          <dd className="text-xs text-muted-foreground">9 replies in 10 came faster</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1.5 text-xs">
        <div className="flex justify-between">
          <span>
            <span className="font-medium tabular-nums">{reply.replied}</span> answered
          </span>
          <span>
            <span className="font-medium tabular-nums">{reply.unanswered}</span> still waiting
          </span>
        </div>
        <div
          className="h-2 rounded-full bg-chart-5/30"
          role="img"
          aria-label={`${reply.replied} of ${total} leads answered`}
        >
          <div className="h-2 rounded-full bg-chart-3" style={{ width: `${share}%` }} />
        </div>
      </div>
      <ChartTable
        caption="Time to first reply"
        columns={['Figure', 'Value']}
        rows={[
          ['Median', duration(reply.medianHours)],
          ['90th percentile', duration(reply.p90Hours)],
          ['Answered', reply.replied],
          ['Still waiting', reply.unanswered],
        ]}
      />
    </FigureCard>
  );
}
