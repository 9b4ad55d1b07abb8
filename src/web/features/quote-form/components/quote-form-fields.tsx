// The quote form's labelled field and its two-way choice (quote-form.tsx lays them out).
import type { ReactNode } from 'react';
import { publicField } from '#web/components/layouts/public-styles.ts';

export function Field(props: {
  label: string;
  htmlFor: string;
  error?: string;
  errorId: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`grid content-start gap-2 ${props.className ?? ''}`}>
      <label htmlFor={props.htmlFor} className={publicField.label}>
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <p id={props.errorId} className={publicField.error} data-slot="field-error">
          {props.error}
        </p>
      ) : props.hint ? (
        <p className={publicField.hint}>{props.hint}</p>
      ) : null}
    </div>
  );
}

export function Choice(props: {
  name: string;
  value: 'specific' | 'brand_model';
  checked: boolean;
  onSelect: (v: 'specific' | 'brand_model') => void;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-medium transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 ${
        props.checked ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'
      }`}
    >
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        onChange={() => props.onSelect(props.value)}
        className="sr-only"
      />
      {props.children}
    </label>
  );
}
