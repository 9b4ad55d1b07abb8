import { describe, expect, it } from 'vitest';
import { planNotifications } from './demo-activity.ts';
import { createRng } from './prng.ts';

describe('demo notifications', () => {
  it('put the right article before each make', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const lead = (id: number, vehicleMake: string, vehicleModel: string) => ({
      id,
      reference: `L${10000 + id}`,
      firstName: 'Rita',
      lastName: 'Sousa',
      vehicleMake,
      vehicleModel,
      status: 'requested',
      createdAt: new Date(now.getTime() - id * 60_000),
      lastInteractionAt: now,
    });
    const staff = [{ id: 1, firstName: 'Ana', lastName: null, username: 'ana' }];
    const leads = [lead(1, 'Audi', 'A4'), lead(2, 'BMW', 'X1'), lead(3, 'Opel', 'Corsa'), lead(4, 'MG', 'ZS')];
    const messages = planNotifications(createRng('t'), now, staff, leads, []).map((n) => n.message);
    expect(messages).toEqual([
      'Rita Sousa requested a quote for an Audi A4 (L10001).',
      'Rita Sousa requested a quote for a BMW X1 (L10002).',
      'Rita Sousa requested a quote for an Opel Corsa (L10003).',
      'Rita Sousa requested a quote for an MG ZS (L10004).',
    ]);
  });
});
