import type { FuelType, Gearbox, SellerType } from '#shared/vocabulary.ts';

export type Marketplace = 'autoscout24' | 'mobile.de' | 'standvirtual' | 'otomoto' | 'generic';
export type Co2Cycle = 'wltp' | 'nedc' | 'unknown';
export type { Gearbox, SellerType } from '#shared/vocabulary.ts';

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
  /** 'Euro 6d', 'Euro 6d-TEMP', 'Euro 6e-bis', 'Euro 5' (docs/listings.md section 12). */
  euroNorm: string | null;
  /** true when the page names a particle filter; null when it does not say (never false from silence). */
  particleFilter: boolean | null;
  gearbox: Gearbox | null;
  sellerType: SellerType | null;
  /** Page order, largest size variant, deduplicated, absolute https. */
  imageUrls: string[];
}

export type BlockProtection =
  'akamai' | 'cloudflare' | 'datadome' | 'cloudfront' | 'script_challenge' | 'captcha' | 'unknown';

/** What a page that is not one car is (docs/listings.md section 1). `other`: no car and no known page type. */
export type NotListingKind = 'search_results' | 'dealer_stock' | 'comparison' | 'removed' | 'home' | 'other';

export type ParseOutcome =
  /** `guessed`: read by the generic parser from a page no marketplace signal vouches for. */
  | { ok: true; data: ListingData; guessed?: true }
  | { ok: false; reason: 'blocked'; protection: BlockProtection }
  /** `cars`: how many cars the page shows, when it says. */
  | { ok: false; reason: 'not_a_listing'; kind: NotListingKind; cars: number | null };
