import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLeadOwnerOptions } from '../api/lead-owners.ts';

const NOBODY = 'none';

/** Choose a lead's owner among the staff, or nobody (ADR 065). */
export function OwnerSelect({
  value,
  onChange,
  meId,
  label = 'Owner',
  disabled,
  className,
  placeholder = 'Unassigned',
}: {
  value: number | null;
  onChange: (owner: number | null) => void;
  /** The signed-in user: shown as 'Name (you)'. */
  meId?: number;
  label?: string;
  disabled?: boolean;
  className?: string;
  placeholder?: string;
}) {
  const options = useLeadOwnerOptions();
  return (
    <Select
      value={value === null ? NOBODY : String(value)}
      onValueChange={(v) => onChange(v === NOBODY ? null : Number(v))}
      disabled={disabled || !options.data}
    >
      <SelectTrigger aria-label={label} className={cn('h-8 w-full min-w-0', className)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NOBODY}>Unassigned</SelectItem>
        {(options.data ?? []).map((o) => (
          <SelectItem key={o.id} value={String(o.id)}>
            {o.id === meId ? `${o.name} (you)` : o.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
