import { NOT_SPECIFIED } from '#shared/schemas/leads.ts';
import { VEHICLE_MAKES } from '#shared/vocabulary.ts';

/**
 * Make and model from a listing link, when the marketplace puts them in the path (ADR 009):
 * AutoScout24 `/<noun>/<make>-<model>-...-<uuid>`, Standvirtual `/carros/anuncio/<make>-<model>-...-ID<id>.html`
 * and mobile.de's `/auto-inserat/<make>-<model>-.../<id>.html`. mobile.de's usual
 * `details.html?id=` carries no names: null, and the lead says 'Not specified'.
 */
export function makeModelFromListingLink(link: string): { make: string; model: string | null } | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? link : `https://${link}`);
  } catch {
    return null;
  }
  const slug = listingSlug(url);
  if (!slug) return null;
  const tokens = slug.toLowerCase().split(/[-_]+/).filter(Boolean);
  const make = matchMake(tokens);
  if (!make) return null;
  return { make: make.name, model: modelFrom(tokens.slice(make.length)) };
}

type Site = 'mobile.de' | 'autoscout24' | 'autoscout24.ch' | 'standvirtual';

/** Exact host or a subdomain of it: never a substring match ('mobile.de.example.com' is not mobile.de). */
function siteOf(hostname: string): Site | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const is = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (is('mobile.de')) return 'mobile.de';
  if (is('standvirtual.com')) return 'standvirtual';
  if (is('autoscout24.ch')) return 'autoscout24.ch';
  if (/(^|\.)autoscout24\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host)) return 'autoscout24';
  return null;
}

const UUID_TAIL = /^(.+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function listingSlug(url: URL): string | null {
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  switch (siteOf(url.hostname)) {
    case 'mobile.de': {
      const i = segments.indexOf('auto-inserat');
      return i >= 0 && segments[i + 1] && segments[i + 2] ? segments[i + 1]! : null;
    }
    case 'autoscout24':
      return segments.map((s) => UUID_TAIL.exec(s)?.[1]).find(Boolean) ?? null;
    case 'autoscout24.ch': {
      const last = segments.at(-1) ?? '';
      return segments.includes('d') ? (/^(.+)-\d+$/.exec(last)?.[1] ?? null) : null;
    }
    case 'standvirtual': {
      const last = segments.at(-1) ?? '';
      return segments.includes('anuncio') ? (/^(.+)-ID[A-Za-z0-9]+\.html$/.exec(last)?.[1] ?? null) : null;
    }
    default:
      return null;
  }
}

const slugOf = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Known makes by their URL tokens, longest first, plus the short forms marketplaces also use. */
const MAKES = [
  ...VEHICLE_MAKES.map((name) => ({ tokens: slugOf(name).split('-'), name })),
  { tokens: ['vw'], name: 'Volkswagen' },
  { tokens: ['mercedes'], name: 'Mercedes-Benz' },
  { tokens: ['ds', 'automobiles'], name: 'DS' },
  { tokens: ['lynk'], name: 'Lynk & Co' },
].sort((a, b) => b.tokens.length - a.tokens.length);

function matchMake(tokens: string[]): { name: string; length: number } | null {
  for (const make of MAKES) {
    if (make.tokens.every((t, i) => tokens[i] === t)) return { name: make.name, length: make.tokens.length };
  }
  return null;
}

/** First words that are only half a model name: 'Range Rover', 'Model 3', 'Classe C', 'Série 3'. */
const HEADS = new Set(['model', 'id', 'serie', 'series', 'classe', 'class', 'grand', 'santa', 'land']);
const RANGE_ROVER_LINES = new Set(['sport', 'evoque', 'velar']);

function word(token: string): string {
  if (/\d/.test(token) || token.length <= 3) return token.toUpperCase();
  return token[0]!.toUpperCase() + token.slice(1);
}

function modelFrom(tokens: string[]): string | null {
  const [first, second, third] = tokens;
  if (!first) return null;
  if (first.length === 1 && second && /^\d/.test(second)) return `${first.toUpperCase()} ${second}`; // Mercedes C 220
  if (first === 'e' && second) return `e-${second}`; // e-tron, e-golf
  if (first === 'range' && second === 'rover')
    return third && RANGE_ROVER_LINES.has(third) ? `Range Rover ${word(third)}` : 'Range Rover';
  if (HEADS.has(first) && second) return `${word(first)} ${word(second)}`;
  return word(first);
}

const unknown = (s: string | null | undefined) => !s?.trim() || s.trim().toLowerCase() === NOT_SPECIFIED.toLowerCase();

/**
 * A lead's make and model with the 'Not specified' (or blank) ones taken from its listing link
 * when the link names them; a model only when the link names the same make. Known values are kept.
 */
export function makeModelWithLink(lead: { vehicleMake: string; vehicleModel: string; vehicleLink?: string | null }): {
  vehicleMake: string;
  vehicleModel: string;
} {
  const { vehicleMake, vehicleModel } = lead;
  const named =
    lead.vehicleLink && (unknown(vehicleMake) || unknown(vehicleModel))
      ? makeModelFromListingLink(lead.vehicleLink)
      : null;
  if (!named) return { vehicleMake, vehicleModel };
  const make = unknown(vehicleMake) ? named.make : vehicleMake;
  const sameMake = make.toLowerCase() === named.make.toLowerCase();
  return {
    vehicleMake: make,
    vehicleModel: unknown(vehicleModel) && sameMake && named.model ? named.model : vehicleModel,
  };
}
