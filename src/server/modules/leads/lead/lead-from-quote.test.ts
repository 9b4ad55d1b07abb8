import { describe, expect, it } from 'vitest';
import { leadFromQuote, newLeadNotification, splitName } from './lead-from-quote.ts';

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
