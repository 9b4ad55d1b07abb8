import { TEMPLATE_VARIABLES, type TemplateVariable } from '#shared/email/template.ts';
import { cn } from '#web/lib/cn.ts';

/** The template variables as chips; a click hands `{{name}}` to the caller (insert at the cursor, or copy). */
export function VariableChips({
  onPick,
  label = 'Variables',
  className,
}: {
  onPick: (name: TemplateVariable) => void;
  label?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)} role="group" aria-label={label}>
      {TEMPLATE_VARIABLES.map((name) => (
        <button
          key={name}
          type="button"
          // Keeps the focus (and the caret) in the field being edited.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(name)}
          className="rounded-full border bg-muted/60 px-2.5 py-0.5 font-mono text-xs text-foreground transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="variable-chip"
        >
          {`{{${name}}}`}
        </button>
      ))}
    </div>
  );
}

/** Inserts text at the caret of an input or textarea and returns the new value and caret. */
export function insertAtCursor(
  el: HTMLInputElement | HTMLTextAreaElement | null,
  value: string,
  text: string,
): { value: string; caret: number } {
  const start = el?.selectionStart ?? value.length;
  const end = el?.selectionEnd ?? value.length;
  return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
}
