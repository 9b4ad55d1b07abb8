import { IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';
import type { importCosts, imports } from '../schema/index.ts';
import { estimateMarketPriceEur, generateVin, pickCar } from './cars.ts';
import type { PlannedLead, StaffMember } from './demo-leads.ts';
import type { DemoSupplier, SupplierRole } from './demo-suppliers.ts';
import { estimateIsvCents } from './isv-estimate.ts';
import { centsToDecimal, roundEuros } from './money.ts';
import { asciiSlug, pickPerson, portugueseAddress, portugueseNif } from './people.ts';
import type { Rng } from './prng.ts';

export { IMPORT_STATUSES, type ImportStatus };

/** Every status at least once; most imports come from converted leads, a few were entered directly. */
export const DEMO_IMPORT_SLOTS: readonly { status: ImportStatus; linked: boolean }[] = [
  { status: 'confirmed', linked: true },
  { status: 'confirmed', linked: false },
  { status: 'handling_paperwork', linked: true },
  { status: 'handling_paperwork', linked: true },
  { status: 'waiting_transport', linked: true },
  { status: 'waiting_transport', linked: true },
  { status: 'in_transit', linked: true },
  { status: 'in_transit', linked: false },
  { status: 'arrived', linked: true },
  { status: 'arrived', linked: true },
  { status: 'inspected', linked: true },
  { status: 'inspected', linked: true },
  { status: 'legalized', linked: true },
  { status: 'legalized', linked: false },
  { status: 'delivered', linked: true },
  { status: 'delivered', linked: true },
  { status: 'delivered', linked: false },
  { status: 'canceled', linked: true },
];

// Days since an import in that status was created: later stages started longer ago.
const AGE_DAYS: Record<ImportStatus, readonly [number, number]> = {
  confirmed: [2, 6],
  handling_paperwork: [6, 12],
  waiting_transport: [10, 18],
  in_transit: [14, 24],
  arrived: [20, 30],
  inspected: [25, 38],
  legalized: [32, 50],
  delivered: [45, 160],
  canceled: [15, 60],
};
const DAY = 86_400_000;

/** Creation time of a demo import in that status: during office hours (UTC as Lisbon time). */
export function importCreatedAt(rng: Rng, now: Date, status: ImportStatus): Date {
  const [min, max] = AGE_DAYS[status];
  const day = new Date(now.getTime() - rng.float(min, max) * DAY);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return new Date(midnight + Math.round(rng.float(10, 18.5) * 3600) * 1000);
}

/** Position on the eight-step sequence; canceled imports stopped early in it. */
const stageOf = (status: ImportStatus): number => (status === 'canceled' ? 1 : IMPORT_STATUSES.indexOf(status));

const COST_ITEMS: readonly {
  stage: number;
  role: SupplierRole;
  notes: string;
  euros: readonly [number, number];
  optional?: true;
}[] = [
  {
    stage: 0,
    role: 'dealer',
    notes: 'Preparação e entrega pelo stand (Überführung)',
    euros: [150, 450],
    optional: true,
  },
  {
    stage: 1,
    role: 'dealer',
    notes: 'Matrículas de exportação e seguro temporário',
    euros: [120, 180],
    optional: true,
  },
  { stage: 3, role: 'transport', notes: 'Transporte em camião cegonha Alemanha - Portugal', euros: [900, 1600] },
  { stage: 4, role: 'customs', notes: 'Declaração Aduaneira de Veículo (DAV) e despachante', euros: [180, 280] },
  { stage: 5, role: 'inspection', notes: 'Inspeção tipo B para atribuição de matrícula', euros: [80, 200] },
  { stage: 6, role: 'imt', notes: 'Emolumentos IMT - atribuição de matrícula e certificado', euros: [65, 95] },
  {
    stage: 7,
    role: 'registration',
    notes: 'Chapas de matrícula e entrega do processo',
    euros: [35, 45],
    optional: true,
  },
];

const NOTES: Record<ImportStatus, string> = {
  confirmed: 'Sinal de 30% recebido. Reservar o carro junto do stand.',
  handling_paperwork: 'Contrato enviado ao stand; a aguardar o certificado de conformidade (COC).',
  waiting_transport: 'Carro pago e pronto para recolha. Entra na próxima recolha semanal.',
  in_transit: 'Saiu de Colónia na segunda-feira; chegada prevista em 8 a 10 dias.',
  arrived: 'Chegou ao armazém da Maia. Marcar inspeção tipo B.',
  inspected: 'Inspeção aprovada. DAV submetida na Alfândega, a aguardar liquidação do ISV.',
  legalized: 'Matrícula atribuída. A aguardar o certificado de matrícula para entrega.',
  delivered: 'Processo concluído sem incidentes.',
  canceled: 'Cliente desistiu depois de a inspeção pré-compra revelar danos na caixa de velocidades. Sinal devolvido.',
};

export type ImportValues = Omit<typeof imports.$inferInsert, 'id' | 'leadId'>;
export type CostValues = Omit<typeof importCosts.$inferInsert, 'id' | 'importId' | 'supplierId'>;

export interface PlannedStatusChange {
  status: ImportStatus;
  changedAt: Date;
  /** The staff member who moved it, or null. */
  changedBy: number | null;
}

export interface PlannedImport {
  /** Index into the planned leads, or null for an import entered without a lead. */
  leadIndex: number | null;
  values: ImportValues;
  costs: { supplierIndex: number; values: CostValues }[];
  /** Every stage it went through, oldest first: confirmed at creation, then one step at a time. */
  history: PlannedStatusChange[];
}

/**
 * The stage history of a demo import: confirmed at creation, then each stage of the sequence up to
 * its status, spread over its life (a canceled one stops after paperwork). The last change is at
 * least a few hours before `now`, so 'days in stage' varies.
 */
export function planHistory(
  rng: Rng,
  status: ImportStatus,
  createdAt: Date,
  now: Date,
  staff: readonly StaffMember[],
): PlannedStatusChange[] {
  const path: ImportStatus[] =
    status === 'canceled'
      ? ['confirmed', 'handling_paperwork', 'canceled']
      : IMPORT_STATUSES.slice(0, IMPORT_STATUSES.indexOf(status) + 1);
  const span = now.getTime() - createdAt.getTime();
  const who = () => (staff.length ? rng.pick(staff).id : null);
  return path.map((step, i) => {
    if (i === 0) return { status: step, changedAt: createdAt, changedBy: who() };
    // Later steps in order, each after the one before, the last ending between 5% and 40% of the span before now.
    const share = (i / path.length) * rng.float(0.6, 0.95);
    return { status: step, changedAt: new Date(createdAt.getTime() + Math.round(share * span)), changedBy: who() };
  });
}

export interface ImportPlanInput {
  now: Date;
  leads: readonly PlannedLead[];
  suppliers: readonly DemoSupplier[];
  staff: readonly StaffMember[];
}

/** One supplier per role for the whole import; the dealer is one that sells the make. */
function supplierPicker(rng: Rng, suppliers: readonly DemoSupplier[], make: string): (role: SupplierRole) => number {
  const chosen = new Map<SupplierRole, number>();
  return (role) => {
    let index = chosen.get(role);
    if (index === undefined) {
      const ofRole = suppliers.flatMap((s, i) => (s.role === role ? [i] : []));
      const selling = ofRole.filter((i) => suppliers[i]!.makes.includes(make));
      index = rng.pick(selling.length ? selling : ofRole);
      chosen.set(role, index);
    }
    return index;
  };
}

function planCosts(
  rng: Rng,
  status: ImportStatus,
  createdAt: Date,
  now: Date,
  supplierFor: (role: SupplierRole) => number,
): PlannedImport['costs'] {
  const stage = stageOf(status);
  const items = COST_ITEMS.filter((c) => c.stage <= stage);
  while (items.length > 5) {
    const optional = items.filter((c) => c.optional);
    items.splice(items.indexOf(rng.pick(optional)), 1);
  }
  if (status === 'canceled')
    items.push({ stage: 1, role: 'dealer', notes: 'Taxa de cancelamento da reserva', euros: [250, 500] });
  const span = now.getTime() - createdAt.getTime();
  return items.map((item) => {
    const date = new Date(createdAt.getTime() + ((item.stage + 0.5) / (stage + 1.5)) * span);
    const ageDays = (now.getTime() - date.getTime()) / DAY;
    const euros = item.euros[0] === 65 ? rng.pick([65, 95]) : rng.int(item.euros[0], item.euros[1]);
    return {
      supplierIndex: supplierFor(item.role),
      values: {
        date: date.toISOString().slice(0, 10),
        value: centsToDecimal(item.euros[1] >= 500 ? roundEuros(euros, 10) : euros * 100),
        notes: item.notes,
        invoicedToUs: rng.chance(ageDays > 5 ? 0.85 : 0.4),
        invoiced: rng.chance(stage >= 6 ? 0.7 : 0.15),
        paid: rng.chance(ageDays > 10 ? 0.9 : 0.35),
        createdAt: date,
        updatedAt: date,
      },
    };
  });
}

export function planDemoImports(rng: Rng, input: ImportPlanInput): PlannedImport[] {
  const used = new Set<number>();
  const currentYear = input.now.getUTCFullYear();
  return DEMO_IMPORT_SLOTS.map((slot, n) => {
    const r = rng.fork(`import-${n}`);
    const leadIndex = slot.linked
      ? input.leads.findIndex((l, i) => !used.has(i) && l.importPlan?.status === slot.status)
      : -1;
    if (slot.linked && leadIndex < 0) throw new Error(`no converted lead for a ${slot.status} import`);
    if (leadIndex >= 0) used.add(leadIndex);
    const lead = leadIndex >= 0 ? input.leads[leadIndex]! : null;

    const createdAt = lead?.importPlan?.createdAt ?? importCreatedAt(r, input.now, slot.status);
    const car = lead?.car ?? pickCar(r);
    const variant = lead?.variant ?? r.pick(car.variants);
    const proposal = lead?.proposal?.values;
    const year = proposal
      ? Number(proposal.vehicleFirstRegistration!.slice(3))
      : Math.min(car.years[1], (lead?.values.vehicleYear ?? r.int(car.years[0], car.years[1])) + r.int(0, 1));
    const priceCents = proposal ? null : estimateMarketPriceEur(car, year, currentYear, r) * 100;
    const firstRegistration = new Date(Date.UTC(year, r.int(0, 11), 15));
    const isvCents = estimateIsvCents({
      fuel: car.fuel,
      engineCc: car.engineCc,
      co2: r.int(car.co2[0], car.co2[1]),
      electricRangeKm: car.electricRangeKm?.[0] ?? null,
      wltp: firstRegistration >= new Date(Date.UTC(2018, 8, 1)),
      firstRegistration,
      declarationDate: createdAt,
    });

    const company = !lead && r.chance(0.5);
    const person = pickPerson(r);
    const companyName = `${person.lastName.split(' ').at(-1)} & ${r.pick(['Matos', 'Filhos', 'Associados', 'Pires'])}, Lda.`;
    const clientName = lead
      ? `${lead.values.firstName} ${lead.values.lastName ?? ''}`.trim()
      : company
        ? companyName
        : `${person.firstName} ${person.lastName}`;
    const stage = stageOf(slot.status);
    const delivered = slot.status === 'delivered';
    const staffMember = input.staff.length > 0 ? input.staff[n % input.staff.length]! : null;

    const values: ImportValues = {
      clientName,
      clientEmail:
        lead?.values.email ??
        (company ? `geral@${asciiSlug(companyName).replace(/\./g, '-')}.example.com` : person.email),
      clientPhone: lead?.values.phone ?? person.phone,
      clientAddress: portugueseAddress(r),
      clientVatId: portugueseNif(r, company ? 5 : r.pick([1, 2] as const)),
      vehicleMake: car.make,
      vehicleModel: `${car.model} ${variant}`,
      vehicleYear: year,
      vehicleVin: generateVin(r, car.make, year),
      status: slot.status,
      vehiclePrice: proposal?.vehiclePrice ?? centsToDecimal(priceCents!),
      vehicleIsv: proposal?.isvCost ?? centsToDecimal(isvCents),
      servicePrice: proposal ? '2340.00' : centsToDecimal(r.pick([2_340, 2_500, 2_800, 3_000]) * 100),
      invoiced: slot.status !== 'canceled' && (delivered || (stage >= 6 && r.chance(0.8))),
      paid: slot.status !== 'canceled' && r.chance(delivered ? 0.85 : stage >= 6 ? 0.6 : 0.25),
      notes: r.chance(0.3)
        ? `${NOTES[slot.status]} Cliente pediu revisão (óleo e filtros) antes da entrega.`
        : NOTES[slot.status],
      deliveryNotes: delivered
        ? 'Entregue ao cliente com depósito cheio, 2 chaves e livro de revisões.'
        : slot.status === 'legalized'
          ? 'Entrega agendada para sábado às 10h no armazém da Maia.'
          : null,
      assignedTo: lead?.values.assignedTo ?? staffMember?.id ?? null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + 0.8 * (input.now.getTime() - createdAt.getTime())),
    };
    const history = planHistory(r.fork('history'), slot.status, createdAt, input.now, input.staff);
    // Times only increase along the path.
    for (let i = 1; i < history.length; i++) {
      const before = history[i - 1]!.changedAt.getTime();
      if (history[i]!.changedAt.getTime() <= before) history[i]!.changedAt = new Date(before + 3_600_000);
    }
    values.statusChangedAt = history.at(-1)!.changedAt;
    // Invoiced once the car was far along: the money-owed screen counts days from here (ADR 067).
    if (values.invoiced) values.invoicedAt = values.updatedAt;
    return {
      leadIndex: leadIndex >= 0 ? leadIndex : null,
      values,
      costs: planCosts(r, slot.status, createdAt, input.now, supplierPicker(r, input.suppliers, car.make)),
      history,
    };
  });
}
