// The clock and the quote-form payloads the contact-form tests send.

export const NOW = new Date('2026-05-10T12:00:00Z'); // current year 2026

export const specific = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Maria Silva',
  email: 'ana.silva@example.pt',
  phone: '+351 912 000 111',
  vehicleChoice: 'specific',
  vehicleLink:
    'https://www.autoscout24.de/angebote/bmw-320-d-touring-m-sport-diesel-schwarz-4f3c2a10-1b2c-4d5e-8f90-123456789abc',
  brand: '',
  model: '',
  budget: '',
  year: '',
  mileage: '',
  transmission: '',
  fuelType: '',
  honeypot: '',
  formDuration: 8200,
  utmSource: 'google',
  ...over,
});

export const brandModel = (over: Record<string, unknown> = {}) =>
  specific({
    vehicleChoice: 'brand_model',
    vehicleLink: '',
    brand: 'Volkswagen',
    model: 'Golf GTE',
    budget: '25.000',
    year: '2019',
    mileage: '100 000',
    transmission: 'automatica',
    fuelType: 'hibrido_gasolina',
    ...over,
  });
