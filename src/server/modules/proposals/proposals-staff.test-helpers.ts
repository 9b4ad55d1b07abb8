// The clock and the car the staff proposal tests quote.

export const NOW = new Date('2026-03-15T10:00:00Z');

/** A diesel BMW 320d, 03/2021: ISV 2806.62 on 2026-03-15 (worked out in src/shared/proposals/costs.test.ts). */
export const BMW = {
  vehicleBrand: 'BMW',
  vehicleModel: '320d',
  vehicleSubmodel: 'Touring',
  vehicleMileage: '85.714',
  vehicleEngineSize: '1995',
  vehicleFuelType: 'diesel',
  vehiclePower: '140 kW (190 cv)',
  vehicleCo2Emissions: '119',
  vehicleFirstRegistration: '03/2021',
  vehicleCountry: 'Alemanha',
  vehiclePrice: '24.500,00',
  vehicleOriginalPrice: '',
  vehiclePriceWithoutVat: '',
  wltpValue: true,
  hybridValue: false,
  pluginValue: false,
  transportCost: '2000',
  registrationFee: '340',
  taxDeclarationDate: '',
  registrationCountry: 'eu',
  dieselParticlesBelowLimit: false,
  electricRangeKm: '',
  euro6eBis: false,
  sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
  imageUrls: [] as string[],
};
