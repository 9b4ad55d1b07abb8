import { describe, expect, it } from 'vitest';
import { generateVin, vinCheckDigit } from './cars.ts';
import { DEMO_IMPORT_SLOTS, IMPORT_STATUSES, planDemoImports } from './demo-imports.ts';
import { demoLeadCount } from './demo-lead-stories.ts';
import { LEAD_STATUSES, planDemoLeads, type StaffMember } from './demo-leads.ts';
import { demoSuppliers } from './demo-suppliers.ts';
import { decimalToCents } from './money.ts';
import { createRng } from './prng.ts';

const now = new Date('2026-03-10T12:00:00Z');
const staff: StaffMember[] = [
  { id: 1, firstName: 'Ana', lastName: 'Ferreira', username: 'ana.ferreira' },
  { id: 2, firstName: 'João', lastName: 'Costa', username: 'joao.costa' },
];
const linked = DEMO_IMPORT_SLOTS.filter((s) => s.linked).map((s) => s.status);

function plan(seed = 'test') {
  let ids = 0;
  const rng = createRng(seed);
  const leads = planDemoLeads(rng.fork('leads'), {
    now,
    staff,
    convertedImportStatuses: linked,
    publicUrl: 'https://autoimport.example.pt',
    references: Array.from({ length: demoLeadCount(linked.length) }, (_, i) => `L${10001 + i}`),
    newPublicId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  const imports = planDemoImports(rng.fork('imports'), {
    now,
    leads,
    suppliers: demoSuppliers(rng.fork('suppliers')),
    staff,
  });
  return { leads, imports };
}

/** Lateness level 0 to 3, by the thresholds of src/shared/leads/lateness.ts. */
function lateness(status: string, last: Date): number {
  const h = (now.getTime() - last.getTime()) / 3_600_000;
  if (status === 'rejected' || status === 'converted') return 0;
  const [a, b, c] = status === 'requested' || status === 'waiting' ? [12, 24, 48] : [48, 72, 120];
  return h >= c ? 3 : h >= b ? 2 : h >= a ? 1 : 0;
}

describe('demo plan', () => {
  const { leads, imports } = plan();

  it('is deterministic for a seed (given the same ids)', () => {
    expect(JSON.stringify(plan())).toBe(JSON.stringify({ leads, imports }));
    expect(JSON.stringify(plan('other').leads[0]!.values)).not.toBe(JSON.stringify(leads[0]!.values));
  });

  it('has about 60 leads in every status, references in creation order', () => {
    expect(leads.length).toBeGreaterThanOrEqual(55);
    expect(new Set(leads.map((l) => l.values.status))).toEqual(new Set(LEAD_STATUSES));
    const created = leads.map((l) => l.values.createdAt!.getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(leads.filter((l) => l.values.starred).length).toBeGreaterThanOrEqual(3);
  });

  it('spreads lateness over every level for both groups of statuses', () => {
    const levels = (statuses: string[]) =>
      new Set(
        leads
          .filter((l) => statuses.includes(l.values.status!))
          .map((l) => lateness(l.values.status!, l.values.lastInteractionAt!)),
      );
    expect(levels(['requested', 'waiting'])).toEqual(new Set([0, 1, 2, 3]));
    expect(levels(['quoted', 'clarifying', 'contacted'])).toEqual(new Set([0, 1, 2, 3]));
  });

  it('keeps lastInteractionAt on the newest timeline entry, with 1 to 7 ordered entries (a form lead starts with its request) in the past', () => {
    for (const { values, timeline } of leads) {
      expect(timeline.length).toBeGreaterThanOrEqual(1);
      expect(timeline.length).toBeLessThanOrEqual(7);
      const times = timeline.map((t) => t.createdAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(values.lastInteractionAt!.getTime()).toBe(Math.max(...times));
      expect(values.createdAt!.getTime()).toBeLessThanOrEqual(times[0]!);
      expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    }
  });

  it("starts every form lead's timeline with its request, as the product writes it", () => {
    for (const { values, timeline } of leads) {
      const first = timeline[0]!;
      const event = (first.metadata as { event?: string } | null)?.event;
      expect(event === 'quote_request').toBe(values.origin === 'form');
      if (values.origin !== 'form') continue;
      expect(first).toMatchObject({ type: 'chat', createdAt: values.createdAt, createdBy: null });
      expect(first.description).toMatch(/^Asked on the website for a quote for /);
      if (values.vehicleLink) expect(first.description).toContain(values.vehicleLink);
      if (values.utmSource) expect(first.description).toContain(`utm source ${values.utmSource}`);
    }
  });

  it('fills lead fields with the canonical vocabularies and realistic values', () => {
    for (const { values } of leads) {
      expect(values.phone).toMatch(/^\+351 9[1236]\d \d{3} \d{3}$/);
      expect(['auto', 'manual', 'any']).toContain(values.transmission);
      expect([
        'petrol',
        'diesel',
        'petrol_hybrid',
        'diesel_hybrid',
        'plugin_hybrid',
        'electric',
        'lpg',
        'other',
      ]).toContain(values.fuelType);
      expect(values.vehicleYear).toBeGreaterThanOrEqual(2016);
      expect(values.vehicleYear).toBeLessThanOrEqual(2024);
      const budget = decimalToCents(values.budget!) / 100;
      expect(budget).toBeGreaterThanOrEqual(15_000);
      expect(budget).toBeLessThanOrEqual(90_000);
      expect(['form', 'email', 'manual']).toContain(values.origin);
      if (values.origin === 'form') expect(values.emailSource).toBe('geral');
      if (values.vehicleLink)
        expect(values.vehicleLink).toMatch(
          /^https:\/\/(suchen\.mobile\.de|www\.autoscout24\.de|www\.standvirtual\.com)\//,
        );
    }
    const comercial = leads.filter((l) => l.values.emailSource === 'comercial').length / leads.length;
    expect(comercial).toBeGreaterThan(0.15);
    expect(comercial).toBeLessThan(0.45);
  });

  it("writes e-mails between the customer and the lead's mailbox, with unique Message-IDs", () => {
    const ids = new Set<string>();
    for (const { values, timeline } of leads) {
      for (const t of timeline.filter((e) => e.type === 'email')) {
        const mail = t.emailData as { from: string; to: string; isOutgoing: boolean };
        const mailbox = `${values.emailSource}@example.pt`;
        expect(mail.isOutgoing ? [mail.from, mail.to] : [mail.to, mail.from]).toEqual([mailbox, values.email]);
        expect(t.messageId).toMatch(/^<demo-\d+@example\.pt>$/);
        ids.add(t.messageId!);
      }
      for (const t of timeline.filter((e) => e.type === 'call'))
        expect(t.metadata).toMatchObject({ duration: expect.stringMatching(/^\d+ min$/) });
    }
    expect(ids.size).toBe(leads.flatMap((l) => l.timeline).filter((t) => t.type === 'email').length);
  });

  it('makes about 15 proposals with consistent totals, photos and a link in an e-mail', () => {
    const withProposal = leads.filter((l) => l.proposal);
    expect(withProposal.length).toBe(15);
    for (const { values, proposal, timeline } of withProposal) {
      expect(['quoted', 'contacted', 'converted']).toContain(values.status);
      const p = proposal!.values;
      const parts = [p.vehiclePrice, p.isvCost, p.ivaCost, p.transportCost, p.registrationFee].map((v) =>
        decimalToCents(v!),
      );
      expect(decimalToCents(p.totalCost!)).toBe(parts.reduce((a, b) => a + b, 0));
      expect(p.transportCost).toBe('2000.00');
      expect(p.registrationFee).toBe('340.00');
      expect(p.vehicleFirstRegistration).toMatch(/^(0[1-9]|1[0-2])\/20(1[6-9]|2[0-4])$/);
      expect(proposal!.photos.length).toBeGreaterThanOrEqual(3);
      expect(proposal!.photos.length).toBeLessThanOrEqual(7);
      const link = timeline.find((t) =>
        (t.emailData as { body?: string } | null)?.body?.includes(`/proposta/${p.publicId}`),
      );
      expect(link?.emailData).toMatchObject({ isOutgoing: true });
      expect(values.quotedAmount).toBe(p.totalCost);
    }
    expect(withProposal.some((l) => decimalToCents(l.proposal!.values.ivaCost!) > 0)).toBe(true);
  });

  it('plans imports in every status with valid VINs and 1 to 5 costs', () => {
    expect(new Set(imports.map((i) => i.values.status))).toEqual(new Set(IMPORT_STATUSES));
    expect(imports.filter((i) => i.leadIndex !== null).length).toBeGreaterThan(imports.length / 2);
    for (const imp of imports) {
      if (imp.leadIndex !== null) expect(leads[imp.leadIndex]!.values.status).toBe('converted');
      expect(imp.values.vehicleVin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(imp.values.vehicleVin![8]).toBe(vinCheckDigit(imp.values.vehicleVin!));
      expect(imp.costs.length).toBeGreaterThanOrEqual(1);
      expect(imp.costs.length).toBeLessThanOrEqual(5);
      for (const c of imp.costs) {
        expect(c.values.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${c.values.date}T00:00:00Z`).getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    expect(generateVin(createRng(1), 'Tesla', 2022)).toHaveLength(17);
  });
});
