import { EyeOff } from 'lucide-react';
import type { HiddenMatches } from '#shared/schemas/leads.ts';
import { Button } from '#web/components/ui/button.tsx';
import { hiddenMatchesText } from '../filters.ts';

/** 'N more leads match "term" but are hidden by filters: ...' with a button that lifts those filters. */
export function HiddenMatchesBanner({
  hidden,
  search,
  capped,
  onReveal,
}: {
  hidden: HiddenMatches | null;
  search: string;
  capped: boolean;
  onReveal: () => void;
}) {
  const text = hiddenMatchesText(hidden, search, capped);
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="hidden-matches-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-100"
    >
      <EyeOff className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">{text}</p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="h-7 border-amber-400 bg-transparent hover:bg-amber-100 dark:border-amber-500/50 dark:hover:bg-amber-500/20"
        onClick={onReveal}
      >
        Show them
      </Button>
    </div>
  );
}
