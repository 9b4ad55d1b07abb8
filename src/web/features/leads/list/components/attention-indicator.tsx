import { Clock, TriangleAlert } from 'lucide-react';
import { LATENESS_LABELS, latenessLevel } from '#shared/leads/lateness.ts';
import type { LeadListItem } from '#shared/schemas/leads.ts';
import { Tooltip, TooltipContent, TooltipTrigger } from '#web/components/ui/tooltip.tsx';
import { cn } from '#web/lib/cn.ts';

/** A lateness level (1-3), 'new' (not late, not yet seen by this user) or nothing. A primitive, so memoised rows compare it cheaply. */
export type Attention = 1 | 2 | 3 | 'new' | null;

/** Lateness from the browser's clock first; otherwise a lead this user has not seen is new. */
export function attentionOf(lead: Pick<LeadListItem, 'status' | 'lastInteractionAt' | 'seen'>, now: Date): Attention {
  const level = latenessLevel(lead.status, lead.lastInteractionAt, now);
  if (level > 0) return level as 1 | 2 | 3;
  return lead.seen ? null : 'new';
}

/** Level 1 yellow, 2 orange, 3 red. */
const LEVEL_CLASSES = {
  1: 'text-yellow-500 dark:text-yellow-400',
  2: 'text-orange-500 dark:text-orange-400',
  3: 'text-red-600 dark:text-red-500',
} as const;

export const attentionLabel = (attention: Exclude<Attention, null>) =>
  attention === 'new' ? 'New lead' : LATENESS_LABELS[attention];

/** The icon (or blue dot) with its tooltip and accessible name; in the table an empty slot keeps the column aligned. */
export function AttentionIndicator({ attention, keepSlot = true }: { attention: Attention; keepSlot?: boolean }) {
  if (attention === null) return keepSlot ? <span className="inline-block size-4 shrink-0" aria-hidden /> : null;
  const label = attentionLabel(attention);
  const Icon = attention === 3 ? TriangleAlert : Clock;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          aria-label={label}
          data-attention={attention === 'new' ? 'new' : `late-${attention}`}
          className="inline-flex size-4 shrink-0 items-center justify-center"
        >
          {attention === 'new' ? (
            <span className="size-2.5 rounded-full bg-blue-500 dark:bg-blue-400" aria-hidden />
          ) : (
            <Icon className={cn('size-4', LEVEL_CLASSES[attention])} aria-hidden />
          )}
        </span>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
