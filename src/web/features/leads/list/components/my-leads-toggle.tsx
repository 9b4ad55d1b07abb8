import { UserCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** The 'My leads' preset (ADR 065): on top of the status presets, only the leads I own. */
export function MyLeadsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Button
      type="button"
      size="sm"
      variant={on ? 'default' : 'outline'}
      aria-pressed={on}
      className="h-9"
      onClick={() => onChange(!on)}
    >
      <UserCheck aria-hidden /> My leads
    </Button>
  );
}
