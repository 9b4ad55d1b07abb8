import { useState } from 'react';
import { Loader2, ShieldCheck } from 'lucide-react';
import { AUDIT_EVENTS, auditEventLabel, type AuditEvent, type AuditLogEntry } from '#shared/schemas/audit.ts';
import { QueryStates } from '#web/components/query-states.tsx';
import { Badge, type BadgeProps } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useAuditLog } from '../api/audit-log.ts';

/** Audit log times in the back office's one format, with seconds (docs/decisions/054-accessibility-checks.md). */
export const formatAuditTime = (date: Date | string): string => formatDateTime(date, { seconds: true });

const BAD = new Set(['login_failure', 'account_locked', 'backup_failed']);
const GOOD = new Set(['login_success', 'backup_created', 'backup_restored', 'mailbox_connected']);
const eventVariant = (event: string): BadgeProps['variant'] =>
  BAD.has(event) ? 'destructive' : GOOD.has(event) ? 'success' : 'secondary';

const EventBadge = ({ event }: { event: string }) => (
  <Badge variant={eventVariant(event)} title={event}>
    {auditEventLabel(event)}
  </Badge>
);

const ALL = 'all';

function AuditRows({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <>
      <Table className="hidden md:table" aria-label="Security audit log">
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Username</TableHead>
            <TableHead>IP Address</TableHead>
            <TableHead>Time</TableHead>
            <TableHead>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>
                <EventBadge event={entry.event} />
              </TableCell>
              <TableCell>{entry.username ?? '—'}</TableCell>
              <TableCell className="font-mono text-xs">{entry.ipAddress ?? '—'}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{formatAuditTime(entry.timestamp)}</TableCell>
              <TableCell className="max-w-80 whitespace-normal break-words text-muted-foreground">
                {entry.details ?? ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-2 md:hidden" aria-label="Security audit log">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <EventBadge event={entry.event} />
              <span className="tabular-nums text-muted-foreground">{formatAuditTime(entry.timestamp)}</span>
            </div>
            <div className="flex flex-wrap gap-x-3">
              <span className="font-medium">{entry.username ?? '—'}</span>
              <span className="font-mono text-xs leading-5 text-muted-foreground">{entry.ipAddress}</span>
            </div>
            {entry.details && <p className="break-words text-muted-foreground">{entry.details}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The security audit log card of the Users screen (admins): the latest 20 events, 'Show more' for
 * older ones, and filters by event type and username.
 */
export function SecurityAuditCard() {
  const [event, setEvent] = useState<AuditEvent | null>(null);
  const [usernameInput, setUsernameInput] = useState('');
  const username = useDebouncedValue(usernameInput, 300);
  const query = useAuditLog({ event, username });
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden />
          Security Audit Log
        </CardTitle>
        <CardDescription>Sign-ins, account changes and other security events, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid w-full gap-1.5 sm:w-52">
            <Label htmlFor="audit-event">Event type</Label>
            <Select value={event ?? ALL} onValueChange={(v) => setEvent(v === ALL ? null : (v as AuditEvent))}>
              <SelectTrigger id="audit-event" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All events</SelectItem>
                {AUDIT_EVENTS.map((e) => (
                  <SelectItem key={e} value={e}>
                    {auditEventLabel(e)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid w-full gap-1.5 sm:w-52">
            <Label htmlFor="audit-username">Username</Label>
            <Input
              id="audit-username"
              placeholder="Any user"
              value={usernameInput}
              onChange={(e) => setUsernameInput(e.target.value)}
            />
          </div>
        </div>
        <QueryStates
          query={query}
          errorTitle="The security audit log could not be loaded."
          errorLayout="inline"
          pending={
            <div className="grid gap-2">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </div>
          }
          isEmpty={(data) => data.pages.every((p) => p.entries.length === 0)}
          empty={<p className="py-6 text-center text-muted-foreground">No events match these filters.</p>}
        >
          {() => (
            <>
              <AuditRows entries={entries} />
              {query.hasNextPage && (
                <div className="flex justify-center">
                  <Button
                    variant="outline"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden />}
                    Show more
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
