import { KanbanSquare, List } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import type { LeadsView } from '../use-leads-view.ts';

/** List or pipeline board (ADR 066); the choice is remembered. */
export function ViewToggle({ view, onChange }: { view: LeadsView; onChange: (v: LeadsView) => void }) {
  return (
    <span className="ml-auto flex gap-1" role="group" aria-label="View">
      <Button
        size="sm"
        variant={view === 'list' ? 'secondary' : 'ghost'}
        aria-pressed={view === 'list'}
        onClick={() => onChange('list')}
        className="h-7"
      >
        <List aria-hidden /> List
      </Button>
      <Button
        size="sm"
        variant={view === 'board' ? 'secondary' : 'ghost'}
        aria-pressed={view === 'board'}
        onClick={() => onChange('board')}
        className="h-7"
      >
        <KanbanSquare aria-hidden /> Board
      </Button>
    </span>
  );
}
