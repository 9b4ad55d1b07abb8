import type { LucideIcon } from 'lucide-react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { z } from 'zod';
import type { trendSchema } from '#shared/schemas/dashboard.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatTrend } from '../format.ts';

const TREND_CLASSES = {
  up: 'text-green-700 dark:text-green-400',
  down: 'text-red-600 dark:text-red-400',
  flat: 'text-muted-foreground',
} as const;

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  /** Absent for a figure of right now (nothing to compare with). */
  trend?: z.infer<typeof trendSchema>;
  /** One short line: how the figure is computed (ADR 067). */
  explain?: string;
}

/** One figure with its change against the previous period (green up, red down). */
export function StatCard({ title, value, icon: Icon, trend, explain }: StatCardProps) {
  const { text, direction } = formatTrend(trend?.change ?? null);
  const TrendIcon = direction === 'down' ? TrendingDown : TrendingUp;
  return (
    <Card className="min-w-0 gap-3 py-4 sm:py-5" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:size-9">
          <Icon className="size-4.5" aria-hidden />
        </span>
      </CardHeader>
      <CardContent className="px-4 sm:px-5">
        <p className="truncate text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid="stat-value">
          {value}
        </p>
        {trend && (
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs">
            <span
              data-testid="stat-trend"
              data-direction={direction}
              className={cn('inline-flex items-center gap-0.5 font-medium tabular-nums', TREND_CLASSES[direction])}
            >
              {direction !== 'flat' && <TrendIcon className="size-3.5" aria-hidden />}
              {text}
            </span>
            <span className="text-muted-foreground">{trend.period}</span>
          </p>
        )}
        {explain && (
          <p className="mt-1.5 text-xs text-muted-foreground" data-testid="stat-explain">
            {explain}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
