import type { FuelType } from '#shared/vocabulary.ts';

export type Marketplace = 'autoscout24' | 'mobile.de' | 'standvirtual' | 'otomoto' | 'generic';
export type Co2Cycle = 'wltp' | 'nedc' | 'unknown';

/** What a listing page says about the car, in the product's units; null when the page does not say. */
export interface ListingData {
  marketplace: Marketplace;
  brand: string | null;
  model: string | null;
  /** Version/trim text, e.g. 'sDrive18d Advantage'. */
  submodel: string | null;
  mileageKm: number | null;
  engineCc: number | null;
  /** Canonical. A plug-in is petrol_hybrid/diesel_hybrid with plugin=true; 'plugin_hybrid' only when its combustion fuel is unknown. */
  fuel: FuelType | null;
  hybrid: boolean;
  plugin: boolean;
  powerKw: number | null;
  /** Metric horsepower (PS/cv). */
  powerHp: number | null;
  /** g/km */
  co2: number | null;
  /** As the page labels it, else by first registration (docs/listings.md section 9); 'unknown' without co2. */
  co2Cycle: Co2Cycle;
  /** 'MM/YYYY' */
  firstRegistration: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** Gross price, decimal string with 2 places: '24500.00'. */
  price: string | null;
  /** Only when the seller shows a deductible/net price, or a deductible flag with a known rate. */
  priceWithoutVat: string | null;
  /** Only when the page has a structured signal that the price was reduced. */
  originalPrice: string | null;
  currency: string | null;
  sellerName: string | null;
  /** Page order, largest size variant, deduplicated, absolute https. */
  imageUrls: string[];
}

export type BlockProtection = 'akamai' | 'datadome' | 'cloudfront' | 'unknown';

export type ParseOutcome =
  | { ok: true; data: ListingData }
  | { ok: false; reason: 'blocked'; protection: BlockProtection }
  | { ok: false; reason: 'not_a_listing' };
