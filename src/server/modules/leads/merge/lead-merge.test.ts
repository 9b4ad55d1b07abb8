import { describe, expect, it } from 'vitest';
import type { LeadRow } from '../leads.repository.ts';
import { mergedFields, mergedNotes, orderForMerge } from './lead-merge.ts';

const row = (over: Partial<LeadRow>): LeadRow => ({
  id: 1,
  reference: 'L1',
  firstName: 'Ana',
  lastName: null,
  email: null,
  phone: null,
  phoneNormalized: null,
  vehicleMake: 'BMW',
  vehicleModel: 'X1',
  vehicleYear: null,
  budget: null,
  requestedBudget: null,
  staffUnread: false,
  inboxSince: null,
  inboxAt: null,
  inboxMailbox: null,
  mileage: null,
  transmission: null,
  fuelType: null,
  vehicleLink: null,
  notes: null,
  status: 'requested',
  quotedAmount: null,
  lostReason: null,
  lostReasonText: null,
  starred: false,
  manual: false,
  emailSource: 'geral',
  origin: 'manual',
  utmSource: null,
  assignedTo: null,
  lastInteractionAt: new Date('2026-01-01T00:00:00Z'),
  searchText: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  version: 1,
  ...over,
});

describe('merge rules (ADR 012)', () => {
  it('keeps the older lead by creation, the lower id on a tie', () => {
    const a = row({ id: 5, createdAt: new Date('2026-02-01T00:00:00Z') });
    const b = row({ id: 3, createdAt: new Date('2026-03-01T00:00:00Z') });
    expect(orderForMerge(a, b).older.id).toBe(5);
    expect(orderForMerge(b, a).older.id).toBe(5);
    const c = row({ id: 9, createdAt: a.createdAt });
    expect(orderForMerge(c, a).older.id).toBe(5);
  });

  it('appends the newer notes under a "Merged from" line, cut to 1000 characters', () => {
    expect(mergedNotes({ notes: 'Mine' }, { notes: 'Theirs', reference: 'L2' })).toBe(
      'Mine\n\nMerged from #L2\nTheirs',
    );
    expect(mergedNotes({ notes: null }, { notes: 'Theirs', reference: 'L2' })).toBe('Merged from #L2\nTheirs');
    expect(mergedNotes({ notes: 'Mine' }, { notes: '  ', reference: 'L2' })).toBe('Mine');
    expect(mergedNotes({ notes: 'x'.repeat(995) }, { notes: 'y', reference: 'L2' })).toHaveLength(1000);
  });

  it('fills only the empty fields, never overwriting, and keeps the normalised phone in step', () => {
    const older = row({
      email: 'mine@example.pt',
      vehicleMake: 'Not specified',
      vehicleModel: 'Not specified',
      transmission: '',
    });
    const newer = row({
      id: 2,
      lastName: 'Costa',
      email: 'theirs@example.pt',
      phone: '912 111 222',
      vehicleMake: 'Audi',
      vehicleModel: 'A3',
      transmission: 'auto',
      starred: true,
      status: 'quoted',
    });
    expect(mergedFields(older, newer)).toEqual({
      lastName: 'Costa',
      phone: '912 111 222',
      phoneNormalized: '+351912111222',
      vehicleMake: 'Audi',
      vehicleModel: 'A3',
      transmission: 'auto',
      starred: true,
    });
    expect(mergedFields(row({ vehicleMake: 'BMW', lastName: 'Silva' }), newer)).not.toHaveProperty('vehicleMake');
    expect(mergedFields(row({ vehicleMake: 'BMW', lastName: 'Silva' }), newer)).not.toHaveProperty('lastName');
  });
});
