import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Coins } from 'lucide-react';
import { MoneyInput } from '#web/components/money-input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { formatEuro } from '#web/lib/money.ts';
import { useExchangeRates } from '../api/exchange-rates.ts';
import { foreignEuroPrice, RATE_RULE } from '../lib/editor-values.ts';
import { TextField, type EditorForm } from './editor-fields.tsx';

const listed = (amount: string, currency: string) => {
  const n = Number(amount);
  return Number.isFinite(n)
    ? `${new Intl.NumberFormat('en-IE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} ${currency}`
    : `${amount} ${currency}`;
};

/**
 * A listing priced in another currency (ADR 055): the price as listed, the rate staff see and can
 * change (prefilled from the admin's table in Settings, with its date) and the euro price the taxes
 * follow. The euro price is never typed: the server converts at the rate saved with the proposal.
 */
export function CurrencyFields({ form }: { form: EditorForm }) {
  const [currency, amount, rate] = useWatch({
    control: form.control,
    name: ['listedCurrency', 'listedPrice', 'exchangeRate'],
  });
  const rates = useExchangeRates();
  const known = rates.data?.rates.find((r) => r.currency === currency);

  // Prefill once from the table when the proposal has no rate yet.
  useEffect(() => {
    if (known && form.getValues('exchangeRate').trim() === '') {
      form.setValue('exchangeRate', known.eurPerUnit);
      form.setValue('exchangeRateDate', known.rateDate);
    }
  }, [known, form]);

  const euros = foreignEuroPrice({ listedPrice: amount, exchangeRate: rate });
  useEffect(() => {
    form.setValue('vehiclePrice', euros ?? '');
  }, [euros, form]);

  const error = form.formState.errors.exchangeRate?.message;
  return (
    <section
      className="grid gap-3 rounded-lg border border-sky-500/40 bg-sky-500/5 p-3 sm:col-span-2 sm:grid-cols-2"
      aria-label="Price in another currency"
      data-testid="currency-fields"
    >
      <p className="flex items-center gap-2 text-sm sm:col-span-2">
        <Coins className="size-4 shrink-0" aria-hidden />
        <span>
          Price as listed: <strong data-testid="listed-price">{listed(amount, currency)}</strong>
        </span>
      </p>
      <div className="grid content-start gap-1.5">
        <Label htmlFor="proposal-exchangeRate">Exchange rate (€ per {currency})</Label>
        <MoneyInput
          id="proposal-exchangeRate"
          rule={RATE_RULE}
          inputMode="decimal"
          placeholder="0.2345"
          aria-invalid={!!error}
          {...form.register('exchangeRate')}
        />
        {error ? (
          <p className="text-sm text-destructive">{error}</p>
        ) : (
          <p className="text-xs text-muted-foreground" data-testid="rate-source">
            {known
              ? `Settings: ${known.eurPerUnit} € per ${currency} on ${known.rateDate}. Change it for this proposal if needed.`
              : `No ${currency} rate in Settings: type today's rate.`}
          </p>
        )}
      </div>
      <TextField form={form} name="exchangeRateDate" label="Rate date" type="date" />
      <p className="text-sm sm:col-span-2" data-testid="euro-price">
        Price in euros: <strong>{euros ? formatEuro(euros) : '— (enter the rate)'}</strong>
      </p>
    </section>
  );
}
