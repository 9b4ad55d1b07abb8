import { Loader2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** Save and Cancel under an inline edit (contact, vehicle): Cancel restores the saved values. */
export function EditActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-2 sm:col-span-2">
      <Button type="submit" size="sm" disabled={saving}>
        {saving && <Loader2 className="animate-spin" aria-hidden />}
        Save
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
