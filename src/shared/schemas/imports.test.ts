import { describe, expect, it } from 'vitest';
import { importCreateSchema, importUpdateSchema } from './imports.ts';
import { costCreateSchema, costUpdateSchema } from './import-costs.ts';
import { supplierCreateSchema } from './suppliers.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('import contracts', () => {
  const create = importCreateSchema(2026);
  it('accepts the create form with typed euros and empty fields as null', () => {
    const r = create.parse({
      clientName: ' Ana ',
      clientEmail: '',
      vehicleMake: 'BMW',
      vehicleModel: '320d',
      vehicleYear: '',
      vehiclePrice: '24 500,50',
      servicePrice: 2340,
      vehicleIsv: '',
    });
    expect(r).toMatchObject({
      clientName: 'Ana',
      clientEmail: null,
      vehicleYear: null,
      vehiclePrice: '24500.50',
      servicePrice: '2340.00',
      vehicleIsv: null,
    });
  });
  it("refuses with the spec's messages", () => {
    expect(issues(create.safeParse({}))).toEqual({
      clientName: 'Client name is required',
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
    });
    expect(
      issues(create.safeParse({ clientName: 'A', vehicleMake: 'B', vehicleModel: 'C', vehicleYear: 2028 })),
    ).toEqual({ vehicleYear: 'Year must be 2027 or earlier' });
    expect(
      issues(
        create.safeParse({ clientName: 'A', vehicleMake: 'B', vehicleModel: 'C', vehiclePrice: '99999999999999' }),
      ),
    ).toEqual({ vehiclePrice: 'Vehicle price must be an amount in euros' });
  });
  it('update: any subset, version optional, nothing is refused', () => {
    const update = importUpdateSchema(2026);
    expect(update.parse({ status: 'arrived', version: 3 })).toEqual({ status: 'arrived', version: 3 });
    expect(issues(update.safeParse({ version: 3 }))).toEqual({ '': 'Nothing to update' });
    expect(issues(update.safeParse({ version: -1, paid: true }))).toEqual({ version: 'Version must be 0 or more' });
  });
});

describe('cost contracts', () => {
  it('defaults the flags and keeps the day of an ISO date', () => {
    expect(costCreateSchema.parse({ supplierId: '3', date: '2026-05-01T23:00:00.000Z', value: '12,5' })).toEqual({
      supplierId: 3,
      date: '2026-05-01',
      value: '12.50',
      invoicedToUs: false,
      invoiced: false,
      paid: false,
    });
  });
  it('flags-only updates', () => {
    expect(costUpdateSchema.parse({ paid: true })).toEqual({ paid: true });
    expect(issues(costUpdateSchema.safeParse({ value: '' }))).toEqual({ value: 'Value is required' });
  });
});

describe('supplier contract', () => {
  it('requires a name of at most 255 characters', () => {
    expect(issues(supplierCreateSchema.safeParse({ name: ' ' }))).toEqual({ name: 'Name is required' });
    expect(supplierCreateSchema.parse({ name: 'X', email: '', country: ' PT ' })).toEqual({
      name: 'X',
      email: null,
      country: 'PT',
    });
  });
});
