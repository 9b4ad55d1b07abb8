/**
 * The exchange rate of a listing priced in another currency (ADR 055): prefilled from the back
 * office's table when the extension is connected, typed otherwise. Where the rate comes from is
 * always said; without the back office the panel never guesses one.
 */
import type { ListingData } from '#shared/listings/types.ts';
import { formatDayMonthYear } from '#shared/money-format.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { readRate, tableRateFor, type PanelDefaults } from './figures.ts';
import type { Strings } from './i18n.ts';

export function rateSource(t: Strings, car: ListingData, defaults: PanelDefaults, typed: string): string {
  const currency = (car.currency ?? '').toUpperCase();
  const table = tableRateFor(car, defaults);
  if (table && typed.trim() === table.eurPerUnit)
    return t.rateFromBackOffice(currency, formatDayMonthYear(table.rateDate));
  if (typed.trim() !== '') return t.rateTyped;
  return defaults.source === 'back_office' ? t.rateNotInTable(currency) : t.rateNoBackOffice(currency);
}

export function rateInput(value: string): HTMLInputElement {
  const input = document.createElement('input');
  input.name = 'rate';
  input.inputMode = 'decimal';
  input.autocomplete = 'off';
  input.placeholder = '0,2345';
  input.value = value;
  return input;
}

/** What 'Send to back office' sends: the rate shown, dated by the table when it is the table's, else today. */
export function captureRate(
  car: ListingData,
  typed: string,
  defaults: PanelDefaults,
): { exchangeRate?: string; exchangeRateDate?: string } {
  const rate = readRate(typed);
  if (!rate) return {};
  const table = tableRateFor(car, defaults);
  return {
    exchangeRate: rate,
    exchangeRateDate: table && readRate(table.eurPerUnit) === rate ? table.rateDate : todayInLisbon(),
  };
}
