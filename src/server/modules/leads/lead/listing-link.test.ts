import { describe, expect, it } from 'vitest';
import { makeModelFromListingLink } from './listing-link.ts';

describe('make and model from a listing link', () => {
  it.each([
    // AutoScout24: /<noun>/<make>-<model>-...-<uuid>, on every TLD
    [
      'https://www.autoscout24.de/angebote/bmw-320-d-touring-m-sport-diesel-schwarz-4f3c2a10-1b2c-4d5e-8f90-123456789abc',
      'BMW',
      '320',
    ],
    [
      'https://www.autoscout24.pt/anuncios/audi-a4-avant-35-tdi-diesel-preto-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d?source=list',
      'Audi',
      'A4',
    ],
    [
      'https://www.autoscout24.nl/aanbod/volkswagen-golf-1-5-tsi-benzine-grijs-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Volkswagen',
      'Golf',
    ],
    [
      'https://www.autoscout24.be/fr/offres/mercedes-benz-e-300-de-hybride-noir-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Mercedes-Benz',
      'E 300',
    ],
    [
      'https://www.autoscout24.it/annunci/land-rover-range-rover-evoque-ibrida-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Land Rover',
      'Range Rover Evoque',
    ],
    [
      'https://www.autoscout24.com/offers/tesla-model-3-long-range-electric-white-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Tesla',
      'Model 3',
    ],
    [
      'https://www.autoscout24.de/angebote/alfa-romeo-giulia-2-2-diesel-rot-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Alfa Romeo',
      'Giulia',
    ],
    [
      'https://www.autoscout24.de/angebote/vw-id-3-pro-elektro-weiss-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Volkswagen',
      'ID 3',
    ],
    [
      'https://www.autoscout24.de/angebote/audi-e-tron-gt-elektro-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      'Audi',
      'e-tron',
    ],
    ['https://www.autoscout24.ch/de/d/porsche-macan-s-123456', 'Porsche', 'Macan'],
    // Standvirtual: /carros/anuncio/<make>-<model>-...-ID<id>.html
    ['https://www.standvirtual.com/carros/anuncio/bmw-x5-45-e-xdrive-xline-ID8PaB1c.html', 'BMW', 'X5'],
    ['https://www.standvirtual.com/carros/anuncio/citroen-c4-picasso-1-6-hdi-ID8Pabcd.html', 'Citroën', 'C4'],
    ['standvirtual.com/carros/anuncio/renault-clio-0-9-tce-ID8P1234.html', 'Renault', 'Clio'],
    // mobile.de's SEO form names the car; the usual details.html?id= does not
    ['https://suchen.mobile.de/auto-inserat/mercedes-benz-c-220-d-t-modell/389563458.html', 'Mercedes-Benz', 'C 220'],
    ['https://suchen.mobile.de/auto-inserat/skoda-octavia-combi-2-0-tdi/461901295.html', 'Skoda', 'Octavia'],
  ])('%s -> %s %s', (link, make, model) => {
    expect(makeModelFromListingLink(link)).toEqual({ make, model });
  });

  it.each([
    'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
    'https://www.mobile.de/nl/voertuigen/details.html?id=461901295',
    'https://m.mobile.de/auto-inserat/',
    'https://www.autoscout24.de/lst/bmw/320',
    'https://www.autoscout24.de/angebote/unknownmake-thing-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    'https://www.standvirtual.com/carros/bmw/serie-3',
    'https://www.olx.pt/d/anuncio/bmw-320d-IDabc.html',
    'https://mobile.de.example.com/auto-inserat/bmw-x5/1.html',
    'https://evil-autoscout24.de/angebote/bmw-x5-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    'not a link at all',
    '',
  ])('%s -> nothing', (link) => {
    expect(makeModelFromListingLink(link)).toBeNull();
  });

  it('names the make when the path has no model after it', () => {
    expect(makeModelFromListingLink('https://www.standvirtual.com/carros/anuncio/smart-ID8P1234.html')).toEqual({
      make: 'Smart',
      model: null,
    });
  });
});
