import type * as React from 'react';
import { AlertTriangle } from 'lucide-react';
import { placeholderSpans } from '#shared/email/template-gaps.ts';
import type { TemplateVariable } from '#shared/email/template.ts';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * A message textarea whose missing-value placeholders ('[Vehicle Make]') are highlighted where they
 * stand: a layer behind the transparent textarea writes the same text with the placeholders marked
 * (ADR 063). The textarea grows with its content (field-sizing), so the two never scroll apart.
 */
export function PlaceholderTextarea({
  value,
  missing,
  className,
  ...props
}: React.ComponentProps<'textarea'> & { value: string; missing: readonly TemplateVariable[] }) {
  const spans = placeholderSpans(value, missing);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    parts.push(value.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-300/70 text-transparent dark:bg-amber-500/50">
        {value.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(`${value.slice(at)}\n`);
  return (
    <div className="relative">
      {spans.length > 0 && (
        <div
          aria-hidden
          data-testid="placeholder-highlights"
          className="pointer-events-none absolute inset-0 overflow-hidden rounded-md border border-transparent px-3 py-2 text-base break-words whitespace-pre-wrap text-transparent md:text-sm"
        >
          {parts}
        </div>
      )}
      <Textarea value={value} className={cn('relative bg-transparent dark:bg-transparent', className)} {...props} />
    </div>
  );
}

/**
 * The placeholders still to replace, each a button that selects it in the subject or the message
 * so typing replaces it.
 */
export function MissingValues({
  placeholders,
  onPick,
}: {
  placeholders: readonly string[];
  onPick: (placeholder: string) => void;
}) {
  if (placeholders.length === 0) return null;
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm"
      role="status"
      data-testid="missing-values"
    >
      <AlertTriangle className="size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <span>This lead lacks some details. Fill in before sending:</span>
      {placeholders.map((p) => (
        <button
          key={p}
          type="button"
          onClick={() => onPick(p)}
          className="rounded-sm bg-amber-300/70 px-1.5 font-medium text-foreground underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:bg-amber-500/50"
        >
          {p}
        </button>
      ))}
    </div>
  );
}
