import { IMPORT_STATUS_LABELS } from '#shared/imports/status.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { cn } from '#web/lib/cn.ts';

/** '3 days', '1 day', 'less than a day'. */
export function daysText(days: number): string {
  if (days <= 0) return 'less than a day';
  return days === 1 ? '1 day' : `${days} days`;
}

/** Every status the import entered, oldest first, with when and by whom; the current one marked. */
export function StageHistory({ imp }: { imp: Import }) {
  const last = imp.history.length - 1;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Stage history
        </CardTitle>
        <CardDescription data-testid="days-in-stage">
          {/* The label alone: 'In Transit for 3 days', never 'In In Transit'. */}
          {IMPORT_STATUS_LABELS[imp.status]} for {daysText(imp.daysInStage)} (since{' '}
          {formatDateTime(imp.statusChangedAt)})
        </CardDescription>
      </CardHeader>
      <CardContent>
        {imp.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stage changes recorded yet.</p>
        ) : null}
        <ol
          className="relative grid grid-cols-1 gap-4 border-l pl-5"
          aria-label="Stage history"
          data-testid="stage-history"
        >
          {imp.history.map((change, i) => (
            <li key={`${change.status}-${change.changedAt}-${i}`} className="relative">
              <span
                aria-hidden
                className={cn(
                  'absolute top-1.5 -left-[1.6rem] size-3 rounded-full border-2 border-background',
                  i === last
                    ? 'bg-primary ring-2 ring-primary/30'
                    : change.status === 'canceled'
                      ? 'bg-destructive'
                      : 'bg-muted-foreground/60',
                )}
              />
              <p className={cn('text-sm', i === last ? 'font-semibold' : 'font-medium')}>
                {IMPORT_STATUS_LABELS[change.status]}
                {i === last ? <span className="ml-2 text-xs font-normal text-muted-foreground">current</span> : null}
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
                {change.changedBy ? ` · ${change.changedBy.name}` : ''}
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
