import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IMPORT_STATUS_LABELS, IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';
import { IMPORT_STAGE_SEQUENCE } from '#shared/imports/tracking.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx';
import { useImportWrite } from './use-import-write.ts';

/** The neighbours along the eight-step sequence; canceled is outside it (no arrows). */
export function neighbours(status: ImportStatus): { previous: ImportStatus | null; next: ImportStatus | null } {
  const i = IMPORT_STAGE_SEQUENCE.indexOf(status as (typeof IMPORT_STAGE_SEQUENCE)[number]);
  if (i < 0) return { previous: null, next: null };
  return { previous: IMPORT_STAGE_SEQUENCE[i - 1] ?? null, next: IMPORT_STAGE_SEQUENCE[i + 1] ?? null };
}

/** Previous / next stage arrows (disabled at the ends) and the dropdown that jumps to any status. */
export function StageControls({ imp }: { imp: Import }) {
  const { write, pending } = useImportWrite(imp);
  const move = (status: ImportStatus) => {
    if (status !== imp.status) write({ status }, 'Failed to update import status');
  };
  const { previous, next } = neighbours(imp.status);
  return (
    <div className="flex w-full items-center gap-2 sm:w-auto">
      <Button
        variant="outline"
        size="icon"
        disabled={!previous || pending}
        onClick={() => previous && move(previous)}
        aria-label={previous ? `Previous stage: ${IMPORT_STATUS_LABELS[previous]}` : 'Previous stage'}
        title={previous ? `Back to ${IMPORT_STATUS_LABELS[previous]}` : 'No previous stage'}
      >
        <ChevronLeft />
      </Button>
      <Select value={imp.status} onValueChange={(v) => move(v as ImportStatus)} disabled={pending}>
        <SelectTrigger className="min-w-0 flex-1 sm:w-48 sm:flex-none" aria-label="Status" data-testid="import-status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {IMPORT_STATUSES.map((status) => (
            <div key={status}>
              {status === 'canceled' && <SelectSeparator />}
              <SelectItem value={status}>{IMPORT_STATUS_LABELS[status]}</SelectItem>
            </div>
          ))}
        </SelectContent>
      </Select>
      <Button
        variant="outline"
        size="icon"
        disabled={!next || pending}
        onClick={() => next && move(next)}
        aria-label={next ? `Next stage: ${IMPORT_STATUS_LABELS[next]}` : 'Next stage'}
        title={next ? `On to ${IMPORT_STATUS_LABELS[next]}` : 'No next stage'}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}
