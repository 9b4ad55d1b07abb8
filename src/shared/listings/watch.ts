/**
 * The listing watch (ADR 068): what a re-read of a quoted car's marketplace page says about the
 * car since the proposal was made. Shared: the server judges pages with it, the back office words
 * the mark with it. Never throws on page text.
 */
import { detectBlockPage } from './block-page.ts';
import { parseListing } from './parse-listing.ts';

export const LISTING_CHANGE_KINDS = ['removed', 'sold', 'reserved', 'changed'] as const;
export type ListingChangeKind = (typeof LISTING_CHANGE_KINDS)[number];

/** What the watch saw on the listing, kept on the proposal (null: nothing to tell). */
export interface ListingChange {
  kind: ListingChangeKind;
  /** ISO instant the watch first saw this. */
  at: string;
  /** kind 'changed': the price as the proposal had it and as the listing has it now (decimal strings). */
  price?: { was: string; now: string; currency: string };
  /** kind 'changed': kilometres as the proposal had them and as the listing has them now. */
  mileage?: { was: number; now: number };
}

/** One read of the listing's address, as the fetch ended. */
export type ListingRead =
  | { kind: 'page'; html: string; url: string }
  /** An HTTP error answer, with its body when one came (a bot wall says what it is). */
  | { kind: 'http_error'; status: number; body: string | null }
  /** No answer worth judging: a timeout, a network or DNS failure. */
  | { kind: 'unreachable' }
  /** The address itself cannot be read automatically (not a marketplace, a private address). */
  | { kind: 'refused' };

/** What the proposal says about the car: the watch compares the listing against it. */
export interface ListingBaseline {
  /** The price as listed: the listed price for another currency (ADR 055), else the euro price. */
  price: string | null;
  /** ISO code; 'EUR' for a euro price. */
  currency: string;
  mileageKm: number | null;
}

export type ListingVerdict =
  /** Blocked, rate-limited, failing or unreachable: read again later, never counted as removed. */
  | { outcome: 'retry' }
  /** The address cannot be watched: the watch stops asking. */
  | { outcome: 'unwatchable' }
  /** Read: what changed (null: nothing). */
  | { outcome: 'read'; change: Omit<ListingChange, 'at'> | null };

const SOLD_AVAILABILITY = /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?(SoldOut|OutOfStock|Discontinued)"/i;
const RESERVED_AVAILABILITY = /"availability"\s*:\s*"(?:https?:\/\/schema\.org\/)?Reserved"/i;
const SOLD_FLAG = /"(?:isSold|sold)"\s*:\s*true\b|"(?:status|state|advertStatus)"\s*:\s*"sold"/i;
const RESERVED_FLAG = /"(?:isReserved|reserved)"\s*:\s*true\b|"(?:status|state|advertStatus)"\s*:\s*"reserved"/i;

/** Sold or reserved, from the page's structured data only (schema.org availability, the advert's flags). */
export function listingAvailability(html: string): 'sold' | 'reserved' | null {
  const text = html.length > 2_000_000 ? html.slice(0, 2_000_000) : html;
  if (SOLD_AVAILABILITY.test(text) || SOLD_FLAG.test(text)) return 'sold';
  if (RESERVED_AVAILABILITY.test(text) || RESERVED_FLAG.test(text)) return 'reserved';
  return null;
}

/** A decimal string in cents, or null. */
function cents(decimal: string | null): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec((decimal ?? '').trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** The car on a page that still shows it, against the proposal: price (same currency) and mileage. */
function compare(
  listed: { price: string | null; currency: string | null; mileageKm: number | null },
  baseline: ListingBaseline,
): Omit<ListingChange, 'at'> | null {
  const change: Omit<ListingChange, 'at'> = { kind: 'changed' };
  const currency = (listed.currency ?? 'EUR').toUpperCase();
  const was = cents(baseline.price);
  const now = cents(listed.price);
  if (was !== null && now !== null && was !== now && currency === baseline.currency.toUpperCase())
    change.price = { was: baseline.price!, now: listed.price!, currency };
  if (baseline.mileageKm !== null && listed.mileageKm !== null && baseline.mileageKm !== listed.mileageKm)
    change.mileage = { was: baseline.mileageKm, now: listed.mileageKm };
  return change.price || change.mileage ? change : null;
}

/**
 * The verdict on one read. Gone: 404/410 without a bot wall, or a page the reader says is not one
 * car (a removed advert, or the search page a marketplace sends a removed advert's visitors to).
 * Anything blocked or failing is read again later (ADR 068).
 */
export function judgeListing(read: ListingRead, baseline: ListingBaseline): ListingVerdict {
  switch (read.kind) {
    case 'refused':
      return { outcome: 'unwatchable' };
    case 'unreachable':
      return { outcome: 'retry' };
    case 'http_error': {
      const walled = read.body ? detectBlockPage(read.body, read.status) : null;
      if (!walled && (read.status === 404 || read.status === 410))
        return { outcome: 'read', change: { kind: 'removed' } };
      return { outcome: 'retry' };
    }
    case 'page': {
      const parsed = parseListing(read.html, read.url);
      if (!parsed.ok && parsed.reason === 'blocked') return { outcome: 'retry' };
      const availability = listingAvailability(read.html);
      if (!parsed.ok) return { outcome: 'read', change: { kind: availability === 'sold' ? 'sold' : 'removed' } };
      if (availability) return { outcome: 'read', change: { kind: availability } };
      return { outcome: 'read', change: compare(parsed.data, baseline) };
    }
  }
}

/** The same news twice (a daily re-read of an unchanged listing) is told once. */
export function sameChange(a: Omit<ListingChange, 'at'> | null, b: Omit<ListingChange, 'at'> | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.kind === b.kind &&
    a.price?.now === b.price?.now &&
    a.price?.currency === b.price?.currency &&
    a.mileage?.now === b.mileage?.now
  );
}

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** '€16 900' (whole units, as the listing shows them), 'PLN 70 000'; cents only when there are some. */
export function formatListingPrice(decimal: string, currency: string): string {
  const c = cents(decimal) ?? 0;
  const whole = group(Math.floor(c / 100)) + (c % 100 ? `,${String(c % 100).padStart(2, '0')}` : '');
  return currency.toUpperCase() === 'EUR' ? `€${whole}` : `${currency.toUpperCase()} ${whole}`;
}

/** '3 Dec', in Lisbon's calendar (the back office is English). */
export function shortDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/Lisbon' });
}

/** The mark staff read: 'Listing removed on 3 Dec', 'Price now €16 900, was €17 850'. */
export function listingChangeText(change: ListingChange): string {
  switch (change.kind) {
    case 'removed':
      return `Listing removed on ${shortDay(change.at)}`;
    case 'sold':
      return `Car sold on ${shortDay(change.at)}`;
    case 'reserved':
      return `Car reserved on ${shortDay(change.at)}`;
    case 'changed': {
      const parts: string[] = [];
      if (change.price)
        parts.push(
          `Price now ${formatListingPrice(change.price.now, change.price.currency)}, was ${formatListingPrice(change.price.was, change.price.currency)}`,
        );
      if (change.mileage)
        parts.push(`Mileage now ${group(change.mileage.now)} km, was ${group(change.mileage.was)} km`);
      return parts.join('; ') || 'Listing changed';
    }
  }
}
