import type * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** The colours series take in turn: the theme's five chart colours, then lighter mixes of them. */
export const PALETTE = [1, 2, 3, 4, 5]
  .flatMap((n) => [`var(--chart-${n})`])
  .concat([1, 2, 3].map((n) => `color-mix(in oklch, var(--chart-${n}) 55%, var(--background))`));

/** A card for one chart or figure: its title, the line that says how it is computed, then the body. */
export function FigureCard({
  title,
  explain,
  action,
  children,
  className,
}: {
  title: string;
  explain: string;
  action?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Card className={className ?? 'min-w-0 gap-4'} role="region" aria-label={title}>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription className="text-xs">{explain}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{children}</CardContent>
    </Card>
  );
}

/** Shown in place of a chart when the period has nothing to draw. */
export const EmptyChart = ({ text }: { text: string }) => (
  <p className="flex h-40 items-center justify-center text-sm text-muted-foreground">{text}</p>
);
