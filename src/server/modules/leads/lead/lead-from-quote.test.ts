import { describe, expect, it } from 'vitest';
import { leadFromQuote, newLeadNotification, quoteRequestEntry, splitName } from './lead-from-quote.ts';

const person = { name: 'Ana Maria Silva', email: 'ana@example.pt', phone: '+351 912 000 111' };

describe('a quote request as a lead', () => {
  it('splits the name into first and last', () => {
    expect(splitName('Ana')).toEqual({ firstName: 'Ana', lastName: null });
    expect(splitName('  Ana   Maria  Silva ')).toEqual({ firstName: 'Ana', lastName: 'Maria Silva' });
  });

  it('keeps a listing link with the make and model its path names, else Not specified', () => {
    expect(
      leadFromQuote(
        {
          ...person,
          vehicleChoice: 'specific',
          vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-2008-ID8P1234.html',
        },
        ' newsletter ',
      ),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Maria Silva',
      email: 'ana@example.pt',
      phone: '+351 912 000 111',
      status: 'requested',
      emailSource: 'geral',
      origin: 'form',
      manual: false,
      utmSource: 'newsletter',
      vehicleMake: 'Peugeot',
      vehicleModel: '2008',
      vehicleLink: 'https://www.standvirtual.com/carros/anuncio/peugeot-2008-ID8P1234.html',
    });
    expect(
      leadFromQuote(
        { ...person, vehicleChoice: 'specific', vehicleLink: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1' },
        null,
      ),
    ).toMatchObject({
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      utmSource: null,
    });
    expect(
      leadFromQuote(
        {
          ...person,
          vehicleChoice: 'specific',
          vehicleLink: 'https://www.standvirtual.com/carros/anuncio/smart-ID8P1234.html',
        },
        null,
      ),
    ).toMatchObject({
      vehicleMake: 'Smart',
      vehicleModel: 'Not specified',
    });
  });

  it('puts brand and model wishes on the lead fields; utm_source is cut to the column', () => {
    const lead = leadFromQuote(
      {
        ...person,
        vehicleChoice: 'brand_model',
        brand: 'Kia',
        model: 'Niro',
        budget: '28000.00',
        year: 2021,
        mileage: 60000,
        transmission: 'auto',
        fuelType: 'plugin_hybrid',
      },
      'x'.repeat(300),
    );
    expect(lead).toMatchObject({
      vehicleMake: 'Kia',
      vehicleModel: 'Niro',
      budget: '28000.00',
      vehicleYear: 2021,
      mileage: 60000,
      transmission: 'auto',
      fuelType: 'plugin_hybrid',
    });
    expect(lead.vehicleLink).toBeUndefined();
    expect(lead.utmSource).toHaveLength(100);
  });

  it('words the staff notification in English with the reference and the car', () => {
    const base = { id: 7, reference: 'L10042', firstName: 'Ana', lastName: 'Silva', vehicleLink: null };
    expect(newLeadNotification({ ...base, vehicleMake: 'Kia', vehicleModel: 'Niro' })).toEqual({
      type: 'new_lead',
      title: 'New lead L10042',
      message: 'Ana Silva asked for a quote for a Kia Niro on the website.',
      relatedType: 'lead',
      relatedId: 7,
    });
    expect(
      newLeadNotification({
        ...base,
        lastName: null,
        vehicleMake: 'Not specified',
        vehicleModel: 'Not specified',
        vehicleLink: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
      }).message,
    ).toBe('Ana asked for a quote for a car (listing on suchen.mobile.de) on the website.');
    // The article follows the make's sound (src/shared/text/english.ts).
    expect(newLeadNotification({ ...base, vehicleMake: 'Audi', vehicleModel: 'A4' }).message).toBe(
      'Ana Silva asked for a quote for an Audi A4 on the website.',
    );
    expect(newLeadNotification({ ...base, vehicleMake: 'Opel', vehicleModel: 'Not specified' }).message).toBe(
      'Ana Silva asked for a quote for an Opel on the website.',
    );
  });
});

describe("the site form's request on the timeline", () => {
  const wishes = {
    ...person,
    vehicleChoice: 'brand_model' as const,
    brand: 'Audi',
    model: 'A4 Avant',
    budget: '25000.50',
    year: 2019,
    mileage: 100000,
    transmission: 'auto' as const,
    fuelType: 'petrol_hybrid' as const,
  };
  const link = 'https://www.autoscout24.pt/anuncios/audi-a4-avant-35-tdi-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('describes brand and model wishes: car, budget, year, kilometres, gearbox and fuel', () => {
    expect(quoteRequestEntry(wishes, { utmSource: null })).toEqual({
      title: 'Audi A4 Avant',
      description:
        'Asked on the website for a quote for an Audi A4 Avant.\n' +
        'Budget €25\u00a0000,50 · from 2019 · up to 100\u00a0000 km · Automatic gearbox · Petrol hybrid',
    });
    expect(quoteRequestEntry({ ...wishes, budget: '9000.00' }, { utmSource: null }).description).toContain(
      'Budget €9\u00a0000 · ',
    );
  });

  it('gives a listing link, titled with the car its path names or else the site', () => {
    expect(quoteRequestEntry({ ...person, vehicleChoice: 'specific', vehicleLink: link }, { utmSource: null })).toEqual(
      {
        title: 'Audi A4',
        description: `Asked on the website for a quote for the car in a listing:\n${link}`,
      },
    );
    const mobile = 'https://suchen.mobile.de/fahrzeuge/details.html?id=1';
    expect(
      quoteRequestEntry({ ...person, vehicleChoice: 'specific', vehicleLink: mobile }, { utmSource: null }).title,
    ).toBe('Listing on suchen.mobile.de');
  });

  it('ends with the utm tracking that is there, trimmed', () => {
    const tracked = (tracking: Parameters<typeof quoteRequestEntry>[1]) =>
      quoteRequestEntry(wishes, tracking).description.split('\n').at(-1);
    expect(tracked({ utmSource: 'google', utmMedium: 'cpc', utmCampaign: ' spring ' })).toBe(
      'Came from: utm source google, utm medium cpc, utm campaign spring',
    );
    expect(tracked({ utmSource: null, utmMedium: 'email', utmCampaign: '' })).toBe('Came from: utm medium email');
    expect(tracked({ utmSource: ' ', utmMedium: null })).not.toContain('Came from');
  });
});
