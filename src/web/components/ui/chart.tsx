/**
 * Charts in the shadcn/ui style on recharts (ADR 067): a ChartContainer that gives each series a
 * CSS variable (--color-<key>) from the theme's --chart-N colours, so light and dark follow the
 * theme; a tooltip in the app's look; and ChartTable, the data as a table for screen readers (and
 * for anyone who opens 'Show data'), since a drawing says nothing to them.
 */
import * as React from 'react';
import { ResponsiveContainer, Tooltip, type TooltipContentProps } from 'recharts';
import { cn } from '#web/lib/cn.ts';

export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

export function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error('useChartConfig must be used inside a ChartContainer');
  return config;
}

/** A CSS-safe variable name for a series key ('form:google' -> 'form-google'). */
export const seriesVar = (key: string) => `--color-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
export const seriesColor = (key: string) => `var(${seriesVar(key)})`;

/** The chart area: one image for screen readers, named by `summary` (the ChartTable beside it has the figures). */
export function ChartContainer({
  config,
  summary,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { config: ChartConfig; summary: string; children: React.ReactElement }) {
  const style = Object.fromEntries(Object.entries(config).map(([key, v]) => [seriesVar(key), v.color]));
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        role="img"
        aria-label={summary}
        className={cn(
          'h-56 w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border/60 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-surface]:outline-none',
          className,
        )}
        style={style as React.CSSProperties}
        {...props}
      >
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          {children}
        </ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

type Formatter = (value: number, key: string) => string;

function TooltipBox({
  active,
  payload,
  label,
  format,
  labelFormat,
}: Partial<TooltipContentProps<number, string>> & { format?: Formatter; labelFormat?: (label: string) => string }) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-36 gap-1.5 rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      {label !== undefined && (
        <div className="font-medium">{labelFormat ? labelFormat(String(label)) : String(label)}</div>
      )}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name);
        const value = Number(item.value ?? 0);
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-sm" style={{ background: seriesColor(key) }} />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-medium tabular-nums">{format ? format(value, key) : value}</span>
          </div>
        );
      })}
    </div>
  );
}

/** recharts' Tooltip drawn in the app's popover style. */
export function ChartTooltip(props: { format?: Formatter; labelFormat?: (label: string) => string }) {
  return <Tooltip cursor content={<TooltipBox format={props.format} labelFormat={props.labelFormat} />} />;
}

/** A legend of the config's series (HTML, so it wraps on a phone). */
export function ChartLegend({ keys, className }: { keys?: string[]; className?: string }) {
  const config = useChartConfigOptional();
  if (!config) return null;
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground', className)} aria-hidden>
      {(keys ?? Object.keys(config)).map((key) => (
        <li key={key} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ background: config[key]!.color }} />
          {config[key]!.label}
        </li>
      ))}
    </ul>
  );
}
const useChartConfigOptional = () => React.useContext(ChartContext);

/** Gives the legend the config outside the drawing. */
export function ChartLegendFor({
  config,
  keys,
  className,
}: {
  config: ChartConfig;
  keys?: string[];
  className?: string;
}) {
  return (
    <ChartContext.Provider value={config}>
      <ChartLegend keys={keys} className={className} />
    </ChartContext.Provider>
  );
}

/**
 * The chart's data as a table: read by screen readers; shown on screen under 'Show data'. `caption`
 * names it (tests and assistive technology find it by that name).
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: (string | number)[][];
}) {
  return (
    <details className="group text-xs">
      <summary className="cursor-pointer text-muted-foreground select-none hover:text-foreground">Show data</summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full border-collapse tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c}
                  scope="col"
                  className={cn('border-b px-2 py-1 font-medium', i === 0 ? 'text-left' : 'text-right')}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="border-b px-2 py-1 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="border-b px-2 py-1 text-right">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
