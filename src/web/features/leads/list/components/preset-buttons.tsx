import { Button } from '#web/components/ui/button.tsx';
import { PRESETS, type PresetId } from '../filters.ts';

/** Active / Waiting for us / Follow Up; the one the filters equal is pressed. */
export function PresetButtons({ active, onChoose }: { active: PresetId | null; onChoose: (id: PresetId) => void }) {
  return (
    <div role="group" aria-label="Presets" className="inline-flex flex-wrap gap-1 rounded-lg border bg-muted/40 p-1">
      {PRESETS.map((preset) => {
        const pressed = preset.id === active;
        return (
          <Button
            key={preset.id}
            type="button"
            size="sm"
            variant={pressed ? 'default' : 'ghost'}
            aria-pressed={pressed}
            className="h-7"
            onClick={() => onChoose(preset.id)}
          >
            {preset.label}
          </Button>
        );
      })}
    </div>
  );
}
