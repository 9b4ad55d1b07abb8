import { AlertTriangle, Clock, Loader2, MailX, RotateCw } from 'lucide-react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useRetryEmail } from '../api/retry-email.ts';

type Delivery = NonNullable<NonNullable<TimelineEntry['metadata']>['delivery']>;

/** A sent e-mail's state in the outbox: queued (with the last attempt's reason), failed with Retry, bounced, or sent. */
export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  const retry = useRetryEmail();
  if (delivery.status === 'sent')
    return delivery.warning ? (
      <p
        className="mt-1 flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400"
        data-testid="delivery-warning"
      >
        <AlertTriangle className="size-3.5 shrink-0" aria-hidden /> {delivery.warning}
      </p>
    ) : null;
  // Returned by the recipient's server (ADR 040): sending it again would bounce again; the reason says what to fix.
  if (delivery.status === 'failed' && delivery.bounced)
    return (
      <div
        className="mt-1 flex flex-wrap items-center gap-2 text-xs"
        data-testid="delivery-status"
        data-status="bounced"
      >
        <Badge variant="destructive">
          <MailX aria-hidden /> Bounced
        </Badge>
        <span className="min-w-0 break-words text-destructive">{delivery.error}</span>
      </div>
    );
  if (delivery.status === 'failed')
    return (
      <div
        className="mt-1 flex flex-wrap items-center gap-2 text-xs"
        data-testid="delivery-status"
        data-status="failed"
      >
        <Badge variant="destructive">Failed</Badge>
        <span className="min-w-0 break-words text-destructive">{delivery.error}</span>
        <Button
          size="sm"
          variant="outline"
          className="h-7"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(delivery.outboxId, {
              onSuccess: () => toastSuccess('Email queued to be sent again'),
              onError: (err) => toastFailure('Failed to send email', err),
            })
          }
        >
          {retry.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />} Retry
        </Button>
      </div>
    );
  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-2 text-xs"
      data-testid="delivery-status"
      data-status={delivery.status}
    >
      <Badge variant="secondary">
        <Clock aria-hidden /> {delivery.status === 'sending' ? 'Sending' : 'Queued'}
      </Badge>
      <span className="min-w-0 break-words text-muted-foreground">
        {delivery.error ? `Will retry automatically. Last attempt: ${delivery.error}` : 'Waiting to be sent'}
      </span>
    </div>
  );
}
