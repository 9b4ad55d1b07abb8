import type { ReactNode } from 'react';
import { Label } from './ui/label.tsx';

/**
 * A label, its control, and the control's hint or error (the error wins, with the id
 * `{id}-error` the control names in aria-describedby).
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `grid content-start gap-1.5 ${className}` : 'grid content-start gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
}

/** The props an input needs to point at its FormField's error. */
export const errorProps = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});
