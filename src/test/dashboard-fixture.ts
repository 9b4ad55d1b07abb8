// A small business month with known totals (ADR 067): March 2025 in Lisbon, with one lead in the
// previous window and one just after. The integration tests and the browser tests (inserted by
// e2e/prepare-db.ts) check the dashboard and the money-owed screen against DASHBOARD_FIXTURE_TOTALS.
import type { DbOrTx } from '#server/db/client.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { leadTimeline, leads } from '#server/db/schema/leads.ts';
import { LEADS } from './dashboard-fixture-data.ts';

export { DASHBOARD_FIXTURE_TOTALS } from './dashboard-fixture-data.ts';

/** The custom period the totals are for (both days included). */
export const FIXTURE_PERIOD = { from: '2025-03-01', to: '2025-03-31' } as const;
/** The clock of the integration tests (ongoing stages are counted up to it). */
export const FIXTURE_NOW = new Date('2025-04-15T12:00:00Z');
/** Every name in the fixture carries this, so a browser test finds its rows among others. */
export const FIXTURE_TAG = 'Fixdash';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** Inserts the fixture; `staffId` is the user who replied to the leads. */
export async function insertDashboardFixture(db: DbOrTx, staffId: number) {
  const leadIds: Record<string, number> = {};
  for (const l of LEADS) {
    const [row] = await db
      .insert(leads)
      .values({
        reference: `${l.ref}-${FIXTURE_TAG}`,
        firstName: l.ref,
        lastName: FIXTURE_TAG,
        vehicleMake: 'Skoda',
        vehicleModel: 'Octavia',
        status: l.status,
        origin: l.origin,
        emailSource: l.emailSource ?? 'geral',
        utmSource: l.utmSource ?? null,
        quotedAmount: l.quotedAmount ?? null,
        lostReason: l.lostReason ?? null,
        manual: l.origin === 'manual' || l.origin === 'extension',
        createdAt: at(l.createdAt),
        updatedAt: at(l.createdAt),
        lastInteractionAt: at(l.createdAt),
      })
      .returning({ id: leads.id });
    leadIds[l.ref] = row!.id;
    const base = at(l.createdAt).getTime();
    if (l.reply) {
      const outgoing = l.reply.kind === 'email';
      await db.insert(leadTimeline).values({
        leadId: row!.id,
        type: l.reply.kind,
        title: 'Reply',
        description: 'First reply',
        emailData: outgoing
          ? { from: 'geral@example.pt', to: 'c@example.pt', subject: 'Re', body: 'Olá', isOutgoing: true }
          : null,
        createdBy: staffId,
        createdAt: new Date(base + l.reply.hours * HOUR),
      });
    }
  }
  // Not replies: the automatic acknowledgement (no staff member) and a rejection note.
  await db.insert(leadTimeline).values([
    {
      leadId: leadIds.FX5!,
      type: 'email',
      title: 'Recebemos o seu pedido',
      emailData: { subject: 'Recebemos o seu pedido', body: 'Obrigado', isOutgoing: true },
      createdBy: null,
      createdAt: new Date(at('2025-03-18T14:00:00Z').getTime() + 60_000),
    },
    {
      leadId: leadIds.FX3!,
      type: 'chat',
      title: 'Lead rejected',
      description: 'Reason: Price',
      metadata: { event: 'lead_lost', outcome: 'price' },
      createdBy: staffId,
      createdAt: at('2025-03-11T12:30:00Z'),
    },
  ]);

  const [a, b] = await db
    .insert(suppliers)
    .values([{ name: `Transportes ${FIXTURE_TAG}` }, { name: `Inspeções ${FIXTURE_TAG}` }])
    .returning({ id: suppliers.id });
  const imp = async (
    name: string,
    values: {
      createdAt: string;
      status: string;
      servicePrice: string;
      invoiced?: boolean;
      paid?: boolean;
      invoicedAt?: string;
    },
    history: [string, string][],
    costs: { supplierId: number; value: string; paid: boolean; invoicedToUs?: boolean }[],
    leadId: number | null = null,
  ) => {
    const last = history.at(-1)!;
    const [row] = await db
      .insert(imports)
      .values({
        leadId,
        clientName: `${name} ${FIXTURE_TAG}`,
        vehicleMake: 'Skoda',
        vehicleModel: 'Octavia',
        vehicleYear: 2021,
        status: values.status,
        servicePrice: values.servicePrice,
        invoiced: values.invoiced ?? false,
        paid: values.paid ?? false,
        invoicedAt: values.invoicedAt ? at(values.invoicedAt) : null,
        createdAt: at(values.createdAt),
        updatedAt: at(last[1]),
        statusChangedAt: at(last[1]),
      })
      .returning({ id: imports.id });
    for (const [status, changedAt] of history)
      await db.insert(importStatusHistory).values({ importId: row!.id, status, changedAt: at(changedAt) });
    for (const c of costs)
      await db.insert(importCosts).values({
        importId: row!.id,
        supplierId: c.supplierId,
        date: '2025-03-20',
        value: c.value,
        paid: c.paid,
        invoicedToUs: c.invoicedToUs ?? false,
      });
    return row!.id;
  };
  const ids = {
    i1: await imp(
      'Ana',
      {
        createdAt: '2025-03-05T10:00:00Z',
        status: 'delivered',
        servicePrice: '2500.50',
        invoiced: true,
        invoicedAt: '2025-03-28T09:00:00Z',
      },
      [
        ['confirmed', '2025-03-05T10:00:00Z'],
        ['in_transit', '2025-03-10T10:00:00Z'],
        ['delivered', '2025-03-20T10:00:00Z'],
      ],
      [
        { supplierId: a!.id, value: '300.25', paid: true },
        { supplierId: b!.id, value: '199.99', paid: false, invoicedToUs: true },
      ],
      leadIds.FX1,
    ),
    i2: await imp(
      'Bruno',
      { createdAt: '2025-03-15T10:00:00Z', status: 'in_transit', servicePrice: '3000.00' },
      [
        ['confirmed', '2025-03-15T10:00:00Z'],
        ['in_transit', '2025-03-25T10:00:00Z'],
      ],
      [{ supplierId: a!.id, value: '1000.10', paid: false }],
    ),
    i3: await imp(
      'Carla',
      { createdAt: '2025-03-20T10:00:00Z', status: 'canceled', servicePrice: '9999.99' },
      [
        ['confirmed', '2025-03-20T10:00:00Z'],
        ['canceled', '2025-03-22T10:00:00Z'],
      ],
      [{ supplierId: b!.id, value: '50.00', paid: false }],
    ),
    i4: await imp(
      'Duarte',
      { createdAt: '2025-02-20T10:00:00Z', status: 'delivered', servicePrice: '1800.00' },
      [
        ['confirmed', '2025-02-20T10:00:00Z'],
        ['delivered', '2025-02-27T10:00:00Z'],
      ],
      [],
    ),
    i5: await imp(
      'Eva',
      {
        createdAt: '2025-01-10T10:00:00Z',
        status: 'delivered',
        servicePrice: '2200.00',
        invoiced: true,
        paid: true,
        invoicedAt: '2025-03-12T10:00:00Z',
      },
      [
        ['confirmed', '2025-01-10T10:00:00Z'],
        ['delivered', '2025-03-10T10:00:00Z'],
      ],
      [],
    ),
  };
  return { leadIds, importIds: ids, supplierIds: { a: a!.id, b: b!.id } };
}
