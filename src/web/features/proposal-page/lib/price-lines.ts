import type { PublicProposal } from '#shared/schemas/public-proposal.ts';
import { formatWholeEuros } from '#shared/money-format.ts';

/** A decimal string ('23450.50') as integer cents; null for null or anything else. */
export function toCents(decimal: string | null | undefined): number | null {
  if (decimal === null || decimal === undefined) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!m) return null;
  const frac = (m[3] ?? '').padEnd(3, '0');
  // Cents from the first two decimals, rounded half up on the third.
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] ? -cents : cents;
}

/** Whole euros, rounded half away from zero: the customer's page shows no cents. */
export const wholeEuros = (cents: number) => Math.sign(cents) * Math.round(Math.abs(cents) / 100);

/** The public pages' money rule, in whole euros ('€23 450'). */
export const formatEuros = formatWholeEuros;

export function formatInteger(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

export interface PriceLines {
  price: number;
  /** Struck through beside the price; null unless it differs. */
  originalPrice: number | null;
  /** Null unless it differs from the price. */
  priceWithoutVat: number | null;
  isv: number;
  /** Null unless above 0. */
  iva: number | null;
  /** ISV and IVA together; null when there is no IVA (the line would only repeat the ISV). */
  taxes: number | null;
  /** transportCost + registrationFee. */
  service: number;
  total: number;
}

/**
 * The price card's rules, in whole euros: the original price and the price without VAT only when
 * they differ from the price, IVA and 'ISV + IVA' only when IVA is above 0. "Different" compares what the customer would see:
 * an original price that rounds to the current one is not struck through.
 */
export function priceLines(
  p: Pick<
    PublicProposal,
    | 'vehiclePrice'
    | 'vehicleOriginalPrice'
    | 'vehiclePriceWithoutVat'
    | 'isvCost'
    | 'ivaCost'
    | 'transportCost'
    | 'registrationFee'
    | 'totalCost'
  >,
): PriceLines {
  const priceCents = toCents(p.vehiclePrice) ?? 0;
  const isvCents = toCents(p.isvCost) ?? 0;
  const ivaCents = toCents(p.ivaCost) ?? 0;
  const serviceCents = (toCents(p.transportCost) ?? 0) + (toCents(p.registrationFee) ?? 0);
  const price = wholeEuros(priceCents);
  const differs = (cents: number | null) => (cents !== null && wholeEuros(cents) !== price ? wholeEuros(cents) : null);
  const totalCents = toCents(p.totalCost) ?? priceCents + isvCents + ivaCents + serviceCents;
  return {
    price,
    originalPrice: differs(toCents(p.vehicleOriginalPrice)),
    priceWithoutVat: differs(toCents(p.vehiclePriceWithoutVat)),
    isv: wholeEuros(isvCents),
    iva: ivaCents > 0 ? wholeEuros(ivaCents) : null,
    taxes: ivaCents > 0 ? wholeEuros(isvCents + ivaCents) : null,
    service: wholeEuros(serviceCents),
    total: wholeEuros(totalCents),
  };
}
