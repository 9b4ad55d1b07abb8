import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { LEAD_STATUS_LABELS } from '#shared/leads/status.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDateTime, initials } from '#web/lib/format.ts';
import { carName } from '#shared/leads/vehicle-text.ts';

/** The three newest leads; each opens its detail. */
export function RecentLeadsCard({ leads }: { leads: LeadListItem[] }) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>Recent Leads</CardTitle>
        <Button variant="ghost" size="sm" className="-my-1" asChild>
          <Link to="/admin/leads">
            View All <ArrowRight />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="px-3">
        {leads.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">No leads yet</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Recent leads">
            {leads.map((lead) => {
              const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
              return (
                <li key={lead.id}>
                  <Link
                    to={`/admin/leads/${lead.id}`}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span
                      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                      aria-hidden
                    >
                      {initials(lead.firstName, lead.lastName, lead.firstName)}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2">
                        <span className="truncate font-medium">{name}</span>
                        {!lead.seen && (
                          <span className="size-2 shrink-0 rounded-full bg-blue-500" role="img" aria-label="New lead" />
                        )}
                      </span>
                      <span className="block truncate text-sm text-muted-foreground">
                        {carName(lead)} · {formatDateTime(lead.createdAt)}
                      </span>
                    </span>
                    <Badge variant="secondary" className="shrink-0">
                      {LEAD_STATUS_LABELS[lead.status]}
                    </Badge>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
