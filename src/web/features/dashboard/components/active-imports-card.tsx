import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { IMPORT_PROGRESS, IMPORT_STATUS_LABELS } from '#shared/imports/status.ts';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { formatStartedDate } from '../format.ts';

/** The first three imports neither delivered nor canceled, each with its progress. */
export function ActiveImportsCard({ imports }: { imports: DashboardStats['recentActiveImports'] }) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>Active Imports</CardTitle>
        <Button variant="ghost" size="sm" className="-my-1" asChild>
          <Link to="/admin/imports">
            View All <ArrowRight />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {imports.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No active imports</p>
        ) : (
          <ul className="flex flex-col gap-5" aria-label="Active imports">
            {imports.map((item) => {
              const percent = IMPORT_PROGRESS[item.status];
              const vehicle = [item.vehicleYear, item.vehicleMake, item.vehicleModel].filter(Boolean).join(' ');
              return (
                <li key={item.id} className="flex flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0">
                      <Link to={`/admin/imports/${item.id}`} className="block truncate font-medium hover:underline">
                        {item.clientName}
                      </Link>
                      <span className="block truncate text-sm text-muted-foreground">{vehicle}</span>
                    </span>
                    <span className="shrink-0 text-sm font-medium">{IMPORT_STATUS_LABELS[item.status]}</span>
                  </div>
                  <Progress value={percent} aria-label={`${item.clientName}: ${percent}% complete`} />
                  <div className="flex justify-between text-xs text-muted-foreground">
                    <span>Started {formatStartedDate(item.createdAt)}</span>
                    <span className="tabular-nums">{percent}% complete</span>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
