import { Radar } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useCompanySettings, useUpdateCompanySettings } from '../api/company-settings.ts';

/**
 * The listing watch's switch (ADR 068): each day the listing of every sent, open proposal is read
 * again, and a car gone, sold, reserved or repriced marks the proposal. Audited like every setting.
 */
export function ListingWatchCard() {
  const query = useCompanySettings();
  const update = useUpdateCompanySettings();
  const on = query.data?.listingWatchEnabled;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
          <Radar className="size-5" aria-hidden /> Listing watch
        </CardTitle>
        <CardDescription>
          Every day, the marketplace listing of each proposal sent and still open is read again. A car that is gone,
          sold or reserved, or whose price or mileage changed, marks the proposal and tells the team. Pages are read
          slowly, spread over the day.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-3">
        <label htmlFor="listing-watch" className="text-sm font-medium">
          Watch quoted listings daily
        </label>
        {on === undefined ? (
          <Skeleton className="h-5 w-8" />
        ) : (
          <Switch
            id="listing-watch"
            checked={on}
            disabled={update.isPending}
            onCheckedChange={(next) =>
              update.mutate(
                { listingWatchEnabled: next },
                {
                  onSuccess: () => toastSuccess(next ? 'Listing watch turned on' : 'Listing watch turned off'),
                  onError: (err) => toastFailure('Failed to update settings', err),
                },
              )
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
