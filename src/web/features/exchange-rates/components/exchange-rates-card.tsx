import { useEffect, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useExchangeRatesTable } from '../api/get-exchange-rates.ts';
import { useSaveExchangeRates } from '../api/save-exchange-rates.ts';

type Row = { currency: string; eurPerUnit: string; rateDate: string };

/** The rate table (ADR 055): euros per unit of each currency, with its date; prefills the proposal editor. */
export function ExchangeRatesCard() {
  const table = useExchangeRatesTable();
  const save = useSaveExchangeRates();
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (table.data) setRows(table.data.rates);
  }, [table.data]);

  const update = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = () => {
    setError(null);
    save.mutate(
      { rates: rows },
      {
        onSuccess: () => toastSuccess('Exchange rates saved'),
        onError: (err) => {
          setError(err instanceof ApiError ? err.serverMessage : String(err));
          toastFailure('Failed to save the exchange rates', err);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Exchange rates</CardTitle>
        <CardDescription>
          Euros per unit of each currency, with the date of the rate. A listing priced in another currency starts with
          this rate; staff can change it on the proposal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3" data-testid="exchange-rates">
        {rows.map((row, i) => (
          <div key={i} className="grid grid-cols-[5rem_1fr_1fr_auto] items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`rate-currency-${i}`}>Currency</Label>
              <Input
                id={`rate-currency-${i}`}
                value={row.currency}
                maxLength={3}
                onChange={(e) => update(i, { currency: e.target.value.toUpperCase() })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`rate-value-${i}`}>€ per unit</Label>
              <Input
                id={`rate-value-${i}`}
                inputMode="decimal"
                value={row.eurPerUnit}
                onChange={(e) => update(i, { eurPerUnit: e.target.value })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`rate-date-${i}`}>Date</Label>
              <Input
                id={`rate-date-${i}`}
                type="date"
                value={row.rateDate}
                onChange={(e) => update(i, { rateDate: e.target.value })}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove ${row.currency || 'this rate'}`}
              title={`Remove ${row.currency || 'this rate'}`}
              onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        {error && <p className="text-sm text-destructive">{error}</p>}
        <div className="flex justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => setRows((rs) => [...rs, { currency: '', eurPerUnit: '', rateDate: '' }])}
          >
            <Plus aria-hidden /> Add a currency
          </Button>
          <Button type="button" onClick={submit} disabled={save.isPending}>
            Save rates
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
