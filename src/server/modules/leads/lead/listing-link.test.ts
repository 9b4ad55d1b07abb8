import { describe, expect, it } from 'vitest';
import { makeModelFromListingLink, makeModelWithLink } from './listing-link.ts';

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
    // More shapes as the sites write them, per marketplace
    ['https://suchen.mobile.de/auto-inserat/volkswagen-golf-gti-performance/412345678.html', 'Volkswagen', 'Golf'],
    ['https://www.mobile.de/auto-inserat/bmw-x3-xdrive20d-m-sport-ahk/398877665.html?ref=srp', 'BMW', 'X3'],
    ['https://m.mobile.de/auto-inserat/audi-a6-avant-40-tdi-quattro/401234567.html', 'Audi', 'A6'],
    ['https://suchen.mobile.de/auto-inserat/tesla-model-y-long-range/405551234.html#gallery', 'Tesla', 'Model Y'],
    [
      'https://www.autoscout24.de/angebote/opel-corsa-1-2-edition-benzin-blau-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Opel',
      'Corsa',
    ],
    [
      'https://www.autoscout24.fr/offres/peugeot-3008-1-5-bluehdi-130-gt-diesel-gris-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Peugeot',
      '3008',
    ],
    [
      'https://www.autoscout24.es/anuncios/seat-leon-1-5-tsi-fr-gasolina-rojo-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Seat',
      'Leon',
    ],
    [
      'https://www.autoscout24.at/angebote/skoda-kodiaq-2-0-tdi-4x4-diesel-5C2E1F4A-1B2C-4D5E-8F90-123456789ABC',
      'Skoda',
      'Kodiaq',
    ],
    [
      'https://www.autoscout24.com/offers/mini-cooper-s-petrol-green-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Mini',
      'Cooper',
    ],
    [
      'https://www.autoscout24.se/erbjudanden/volvo-xc60-b4-awd-diesel-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Volvo',
      'XC60',
    ],
    [
      'https://www.autoscout24.de/angebote/mercedes-benz-glc-300-de-4matic-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Mercedes-Benz',
      'GLC',
    ],
    [
      'https://www.autoscout24.it/annunci/mercedes-benz-a-180-d-automatic-5c2e1f4a-1b2c-4d5e-8f90-123456789abc',
      'Mercedes-Benz',
      'A 180',
    ],
    ['https://www.autoscout24.nl/aanbod/kia-niro-1-6-gdi-hybrid-5c2e1f4a-1b2c-4d5e-8f90-123456789abc', 'Kia', 'Niro'],
    [
      'https://www.standvirtual.com/carros/anuncio/mercedes-benz-classe-a-180-d-amg-line-ID8PcW5N.html',
      'Mercedes-Benz',
      'Classe A',
    ],
    [
      'https://www.standvirtual.com/carros/anuncio/peugeot-208-1-2-puretech-active-ID8PxyzA.html?utm_source=x',
      'Peugeot',
      '208',
    ],
    ['https://www.standvirtual.com/carros/anuncio/tesla-model-3-long-range-awd-ID8Pq1w2.html', 'Tesla', 'Model 3'],
    [
      'https://www.standvirtual.com/carros/anuncio/land-rover-range-rover-sport-3-0-sdv6-ID8Pq1w3.html',
      'Land Rover',
      'Range Rover Sport',
    ],
    ['https://standvirtual.com/carros/anuncio/bmw-serie-3-320-d-auto-ID8PMqyP.html', 'BMW', 'Serie 3'],
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

  it('fills a Not specified (or blank) make and model from the link, keeping what staff typed', () => {
    const link = 'https://www.standvirtual.com/carros/anuncio/bmw-x5-45-e-xdrive-xline-ID8PaB1c.html';
    const lead = (vehicleMake: string, vehicleModel: string, vehicleLink: string | null = link) => ({
      vehicleMake,
      vehicleModel,
      vehicleLink,
    });
    const filled = (l: ReturnType<typeof lead>) => makeModelWithLink(l);
    expect(filled(lead('Not specified', 'Not specified'))).toEqual({ vehicleMake: 'BMW', vehicleModel: 'X5' });
    expect(filled(lead('not specified', ' '))).toEqual({ vehicleMake: 'BMW', vehicleModel: 'X5' });
    expect(filled(lead('BMW', 'Not specified'))).toEqual({ vehicleMake: 'BMW', vehicleModel: 'X5' });
    expect(filled(lead('bmw', 'Not specified'))).toEqual({ vehicleMake: 'bmw', vehicleModel: 'X5' });
    expect(filled(lead('Not specified', 'X5 M50d'))).toEqual({ vehicleMake: 'BMW', vehicleModel: 'X5 M50d' });
    // Another make typed by staff: the link's model is not that make's.
    expect(filled(lead('Audi', 'Not specified'))).toEqual({ vehicleMake: 'Audi', vehicleModel: 'Not specified' });
    expect(filled(lead('Audi', 'Q5'))).toEqual({ vehicleMake: 'Audi', vehicleModel: 'Q5' });
    expect(filled(lead('Not specified', 'Not specified', null))).toEqual({
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
    });
    const bare = 'https://suchen.mobile.de/fahrzeuge/details.html?id=1';
    expect(filled(lead('Not specified', 'Not specified', bare))).toEqual({
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
    });
    expect(
      filled(lead('Not specified', 'Not specified', 'https://www.standvirtual.com/carros/anuncio/smart-ID8P1234.html')),
    ).toEqual({ vehicleMake: 'Smart', vehicleModel: 'Not specified' });
  });
});
