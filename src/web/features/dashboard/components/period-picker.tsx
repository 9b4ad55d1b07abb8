import { useState } from 'react';
import { DASHBOARD_PERIOD_LABELS, DASHBOARD_PERIODS, type DashboardPeriod } from '#shared/dashboard/period.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import type { PeriodChoice } from '../api/get-dashboard-overview.ts';

/** This month, the last 30 or 90 days, this year, or two dates: every figure below follows it (ADR 067). */
export function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange: (p: PeriodChoice) => void }) {
  const [custom, setCustom] = useState(value.period === 'custom');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const choose = (period: string) => {
    if (period === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    setError(null);
    onChange({ period: period as DashboardPeriod });
  };
  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError('Choose a start and an end date');
    if (to < from) return setError('The end date is before the start date');
    setError(null);
    onChange({ period: 'custom', from, to });
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <Label htmlFor="dashboard-period" className="text-xs text-muted-foreground">
          Period
        </Label>
        <Select value={custom ? 'custom' : value.period} onValueChange={choose}>
          <SelectTrigger id="dashboard-period" className="w-40" aria-label="Period">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {DASHBOARD_PERIODS.map((p) => (
              <SelectItem key={p} value={p}>
                {DASHBOARD_PERIOD_LABELS[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {custom && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={apply} aria-label="Custom period">
          <div className="flex flex-col gap-1">
            <Label htmlFor="period-from" className="text-xs text-muted-foreground">
              From
            </Label>
            <Input
              id="period-from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className="w-40"
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="period-to" className="text-xs text-muted-foreground">
              To
            </Label>
            <Input id="period-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-40" />
          </div>
          <Button type="submit" size="sm" className="h-9">
            Apply
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
