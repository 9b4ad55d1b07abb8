// A quote request as the public site's form sends it (POST /api/contact-form), the n-th of a run:
// its own client address (X-Forwarded-For: the form allows 10 requests an hour per address, and the
// benchmark's server trusts 127.0.0.1 as its proxy), its own e-mail and phone, a human's fill time.
import type { OpenLoopRequest } from './open-loop.ts';

export function quoteRequest(n: number): OpenLoopRequest {
  const address = `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
  const body = JSON.stringify({
    name: 'Ana Maria Silva',
    email: `bench.${n}@example.pt`,
    phone: `+351 912 ${String(n % 1_000_000).padStart(6, '0')}`,
    vehicleChoice: 'brand_model',
    vehicleLink: '',
    brand: 'Volkswagen',
    model: 'Golf GTE',
    budget: '25.000',
    year: '2019',
    mileage: '100 000',
    transmission: 'automatica',
    fuelType: 'hibrido_gasolina',
    honeypot: '',
    formDuration: 8200,
    utmSource: 'bench',
  });
  return {
    method: 'POST',
    path: '/api/contact-form',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body,
  };
}
