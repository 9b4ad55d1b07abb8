import { useState, type ReactNode } from 'react';
import { MessageSquare, Phone, Plus } from 'lucide-react';
import type { TimelineEntry } from '#shared/schemas/timeline.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useTimeline } from '../api/get-timeline.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import { QuickContactDialog, type QuickContactType } from './quick-contact-dialog.tsx';
import { TimelineEntryDialog } from './timeline-entry-dialog.tsx';
import { TimelineItem } from './timeline-item.tsx';

/**
 * A lead's timeline, newest first: the newest entry starts expanded, the others show their
 * summary and expand on click. Call and chat entries can be added, edited and deleted.
 */
export function TimelineCard({ leadId, actions }: { leadId: number; actions?: ReactNode }) {
  const timeline = useTimeline(leadId);
  // Entries whose state differs from the default (newest expanded, others collapsed).
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const [quick, setQuick] = useState<QuickContactType | null>(null);
  // The entry dialog's target stays while it closes, so its title does not flip.
  const [editor, setEditor] = useState<{ open: boolean; entry?: TimelineEntry }>({ open: false });
  const [deleting, setDeleting] = useState<TimelineEntry | null>(null);
  const newestId = timeline.data?.[0]?.id;
  // The edited entry as last read: after a live refresh or a Reload its version is the fresh one.
  const editedEntry = editor.entry && (timeline.data?.find((e) => e.id === editor.entry!.id) ?? editor.entry);

  const toggle = (id: number) =>
    setToggled((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle role="heading" aria-level={2}>
          Timeline
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button size="sm" variant="outline" onClick={() => setQuick('call')}>
            <Phone aria-hidden /> Log call
          </Button>
          <Button size="sm" variant="outline" onClick={() => setQuick('chat')}>
            <MessageSquare aria-hidden /> Log chat
          </Button>
          <Button size="sm" onClick={() => setEditor({ open: true })}>
            <Plus aria-hidden /> Add entry
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={timeline}
          pending={
            <div className="grid gap-3" aria-label="Loading timeline">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          }
          errorTitle="The timeline could not be loaded."
          errorLayout="inline"
          isEmpty={(list) => list.length === 0}
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No timeline entries yet</p>}
        >
          {(entries) => (
            <ol className="grid" aria-label="Timeline entries">
              {entries.map((entry) => (
                <TimelineItem
                  key={entry.id}
                  entry={entry}
                  expanded={(entry.id === newestId) !== toggled.has(entry.id)}
                  onToggle={() => toggle(entry.id)}
                  onEdit={() => setEditor({ open: true, entry })}
                  onDelete={() => setDeleting(entry)}
                />
              ))}
            </ol>
          )}
        </QueryStates>
      </CardContent>
      <QuickContactDialog leadId={leadId} type={quick} onOpenChange={(open) => !open && setQuick(null)} />
      <TimelineEntryDialog
        leadId={leadId}
        entry={editedEntry}
        open={editor.open}
        onOpenChange={(open) => setEditor((e) => ({ ...e, open }))}
      />
      <DeleteEntryDialog entry={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Card>
  );
}
