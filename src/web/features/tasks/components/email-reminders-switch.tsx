import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toastFailure } from '#web/lib/notify.ts';
import { useSaveTaskSettings, useTaskSettings } from '../api/get-today.ts';

/** My preference: a due task also arrives by e-mail (besides the bell). */
export function EmailRemindersSwitch() {
  const settings = useTaskSettings();
  const save = useSaveTaskSettings();
  return (
    <div className="flex items-center gap-2">
      <Switch
        id="task-email-reminders"
        checked={settings.data?.emailReminders ?? false}
        disabled={!settings.data || save.isPending}
        onCheckedChange={(on) =>
          save.mutate({ emailReminders: on }, { onError: (err) => toastFailure('Failed to save preference', err) })
        }
      />
      <Label htmlFor="task-email-reminders" className="text-sm font-normal">
        Also e-mail me when a task is due
      </Label>
    </div>
  );
}
