import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';

interface CheckListFilterProps<T extends string> {
  /** The button's text; the popover's list is named after it. */
  title: string;
  options: readonly T[];
  labels: Record<T, string>;
  selected: readonly T[];
  onChange: (next: T[]) => void;
}

/** A popover of checkboxes (status and source filters); the button says how many are chosen. */
export function CheckListFilter<T extends string>({
  title,
  options,
  labels,
  selected,
  onChange,
}: CheckListFilterProps<T>) {
  const id = useId();
  const all = selected.length === options.length;
  const toggle = (value: T, on: boolean) => onChange(options.filter((o) => (o === value ? on : selected.includes(o))));
  return (
    <Popover>
      <PopoverTrigger asChild>
        {/* The name is what is seen, 'Status: 2 of 7' (WCAG 2.5.3: a voice user says what they read). */}
        <Button
          variant="outline"
          size="sm"
          aria-label={`${title}: ${all ? 'all' : `${selected.length} of ${options.length}`}`}
        >
          {title}{' '}
          <span className="rounded-sm bg-secondary px-1.5 text-xs font-normal text-secondary-foreground tabular-nums first-letter:uppercase">
            {all ? 'all' : `${selected.length} of ${options.length}`}
          </span>
          <ChevronDown className="size-3.5 opacity-60" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-56 p-2">
        <div role="group" aria-label={title} className="flex flex-col">
          {options.map((option) => (
            <Label
              key={option}
              htmlFor={`${id}-${option}`}
              className="cursor-pointer rounded-sm px-2 py-2 font-normal hover:bg-accent"
            >
              <Checkbox
                id={`${id}-${option}`}
                checked={selected.includes(option)}
                onCheckedChange={(v) => toggle(option, v === true)}
              />
              {labels[option]}
            </Label>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
