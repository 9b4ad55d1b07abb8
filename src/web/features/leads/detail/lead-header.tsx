import { Link } from 'react-router';
import { ArrowLeft, Pencil, Star } from 'lucide-react';
import type { Lead } from '#shared/schemas/leads.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useToggleLeadStar } from '../api/toggle-star.ts';
import { EMAIL_SOURCE_LABELS } from '../dialogs/lead-fields.tsx';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';

/** Geral green, Comercial blue. */
export function SourceBadge({ source }: { source: Lead['emailSource'] }) {
  return (
    <Badge
      data-testid="source-badge"
      className={cn(
        'border-transparent text-white',
        source === 'geral' ? 'bg-green-700' : 'bg-blue-600 dark:bg-blue-700',
      )}
    >
      {EMAIL_SOURCE_LABELS[source]}
    </Badge>
  );
}

/** 'Lead #reference', source badge, back to leads, star toggle and 'Edit lead'. */
export function LeadHeader({ lead, onEdit }: { lead: Lead; onEdit: () => void }) {
  const star = useToggleLeadStar(lead.id);
  const toggle = () =>
    star.mutate(undefined, {
      onSuccess: (starred) => toastSuccess(starred ? 'Lead starred' : 'Lead unstarred'),
      onError: (err) => toastFailure('Failed to toggle star', err),
    });
  return (
    <div className="mb-4 grid gap-2">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground">
        <Link to="/admin/leads">
          <ArrowLeft aria-hidden /> Back to leads
        </Link>
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight break-all">Lead #{lead.reference}</h1>
          <SourceBadge source={lead.emailSource} />
          <Button
            variant="ghost"
            size="icon"
            onClick={toggle}
            disabled={star.isPending}
            aria-pressed={lead.starred}
            aria-label={lead.starred ? 'Unstar lead' : 'Star lead'}
            title={lead.starred ? 'Unstar lead' : 'Star lead'}
          >
            <Star
              className={cn('size-5', lead.starred ? 'fill-yellow-400 text-yellow-500' : 'text-muted-foreground')}
              aria-hidden
            />
          </Button>
        </div>
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden /> Edit lead
        </Button>
      </div>
    </div>
  );
}
