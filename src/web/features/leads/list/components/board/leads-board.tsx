import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/leads/status.ts';
import { BOARD_TOTAL_BASIS } from '#shared/schemas/leads-board.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import type { LostReason } from '#shared/leads/lost-reasons.ts';
import { StaleWriteBoundary, useReportStaleWrite } from '#web/components/stale-write.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useBoardTotals } from '../../../api/get-board-totals.ts';
import { LEADS_KEY } from '../../../api/lead-keys.ts';
import { updateLead } from '../../../api/update-lead.ts';
import type { LeadListFilters } from '../../filters.ts';
import { useNow } from '../../use-now.ts';
import { fullName } from '../lead-open.ts';
import { LostReasonDialog } from '../../../detail/lost-reason-dialog.tsx';
import { BoardCardBody } from './board-card.tsx';
import { BoardColumn } from './board-column.tsx';
import { columnJumpCoordinates } from './board-keyboard.ts';

// The pointer's column when it is inside one; the overlapping column otherwise (keyboard drags).
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

const leadOf = (data: unknown) => (data as { lead?: LeadListItem } | undefined)?.lead;
const statusLabel = (id: unknown) => LEAD_STATUS_LABELS[id as LeadStatus] ?? String(id);

const announcements: Announcements = {
  onDragStart: ({ active }) =>
    `Picked up ${fullName(leadOf(active.data.current)!)}. Use the arrow keys to choose a status.`,
  onDragOver: ({ over }) => (over ? `Over ${statusLabel(over.id)}.` : 'Not over a status.'),
  onDragEnd: ({ over }) => (over ? `Dropped on ${statusLabel(over.id)}.` : 'Dropped where nothing changes.'),
  onDragCancel: () => 'Move cancelled.',
};

/** The pipeline board (ADR 066): a column per status of the list's filters; cards dragged to change status. */
export function LeadsBoard({ filters }: { filters: LeadListFilters }) {
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: LEADS_KEY }), [queryClient]);
  return (
    <StaleWriteBoundary refetch={reload}>
      <Board filters={filters} />
    </StaleWriteBoundary>
  );
}

function Board({ filters }: { filters: LeadListFilters }) {
  const queryClient = useQueryClient();
  const totals = useBoardTotals(filters);
  const now = useNow();
  const reportStale = useReportStaleWrite();
  const [dragged, setDragged] = useState<LeadListItem | null>(null);
  // A card dropped on Rejected waits here for its lost reason (ADR 067) before anything changes.
  const [rejecting, setRejecting] = useState<LeadListItem | null>(null);
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger holds a moment before the card lifts, so the columns still scroll.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // Space lifts and drops; Enter stays the link's (it opens the lead).
    useSensor(KeyboardSensor, {
      coordinateGetter: columnJumpCoordinates,
      keyboardCodes: {
        start: [KeyboardCode.Space],
        cancel: [KeyboardCode.Esc],
        end: [KeyboardCode.Space, KeyboardCode.Enter],
      },
    }),
  );
  const statuses = LEAD_STATUSES.filter((s) => filters.statuses.includes(s));

  const move = async (
    lead: LeadListItem,
    status: LeadStatus,
    lost?: { lostReason: LostReason; lostReasonText: string | null },
  ) => {
    if (status === 'rejected' && !lost) {
      setRejecting(lead);
      return;
    }
    if (status === 'converted') {
      // Converting creates the import first (the lead's Convert button), never a bare status change.
      toast({
        title: 'Open the lead to convert it',
        description: 'A lead becomes Converted when its import is created.',
      });
      return;
    }
    try {
      // The versioned status change (ADR 022): a lead changed since it was drawn answers 409.
      await updateLead(lead.id, { status, version: lead.version, ...lost });
      toastSuccess(`${fullName(lead)} moved to ${LEAD_STATUS_LABELS[status]}`);
    } catch (err) {
      if (!reportStale(err)) toastFailure('Failed to update status', err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: LEADS_KEY });
    }
  };

  const onDragStart = (e: DragStartEvent) => setDragged(leadOf(e.active.data.current) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const lead = leadOf(e.active.data.current);
    const target = e.over?.id as LeadStatus | undefined;
    if (lead && target && target !== lead.status) void move(lead, target);
  };

  return (
    <div className="grid gap-2">
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements }}
      >
        {/* Columns snap into place when swiped on a phone, but not while a card is dragged: the
            drag's own edge scrolling would be snapped on to the next column, and on to the last. */}
        <div className={cn('flex gap-3 overflow-x-auto pb-2', !dragged && 'snap-x')} data-testid="leads-board">
          {statuses.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              filters={filters}
              figures={totals.data?.columns.find((c) => c.status === status)}
              now={now}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>{dragged && <BoardCardBody lead={dragged} now={now} lifted />}</DragOverlay>
      </DndContext>
      <p className="text-xs text-muted-foreground">{BOARD_TOTAL_BASIS}</p>
      <LostReasonDialog
        open={rejecting !== null}
        pending={saving}
        onCancel={() => setRejecting(null)}
        onConfirm={(lostReason, lostReasonText) => {
          if (!rejecting) return;
          setSaving(true);
          void move(rejecting, 'rejected', { lostReason, lostReasonText }).finally(() => {
            setSaving(false);
            setRejecting(null);
          });
        }}
      />
    </div>
  );
}
