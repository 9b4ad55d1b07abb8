import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { LOST_REASON_REQUIRED, LOST_REASON_TEXT_REQUIRED } from '#shared/leads/lost-reasons.ts';
import { LOST_REASON_WITHOUT_REJECT } from './lead-lost.ts';

describe('rejecting a lead asks why (ADR 067)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());

  const put = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/leads/${id}`, headers: { cookie }, payload });
  const timeline = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/leads/${id}/timeline`, headers: { cookie } })).json();

  it('refuses a rejection without a reason, or "other" without words, and changes nothing', async () => {
    const lead = await insertLead(t.database.db, { status: 'quoted' });
    const none = await put(lead.id, { status: 'rejected' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(LOST_REASON_REQUIRED);
    const other = await put(lead.id, { status: 'rejected', lostReason: 'other', lostReasonText: '  ' });
    expect(other.statusCode).toBe(400);
    expect(JSON.stringify(other.json())).toContain(LOST_REASON_TEXT_REQUIRED);
    const wrong = await put(lead.id, { status: 'quoted', lostReason: 'price' });
    expect(wrong.json().message).toBe(LOST_REASON_WITHOUT_REJECT);
    const unknown = await put(lead.id, { status: 'rejected', lostReason: 'weather' });
    expect(unknown.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: { cookie } })).json();
    expect(after).toMatchObject({ status: 'quoted', lostReason: null, version: lead.version });
  });

  it('stores the reason, notes it on the timeline as a status change, and clears it when reopened', async () => {
    const lead = await insertLead(t.database.db, { status: 'quoted' });
    const res = await put(lead.id, { status: 'rejected', lostReason: 'other', lostReasonText: ' Bought locally ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', lostReason: 'other', lostReasonText: 'Bought locally' });
    const entries = await timeline(lead.id);
    const items = Array.isArray(entries) ? entries : entries.items;
    expect(items[0]).toMatchObject({
      kind: 'status_change',
      title: 'Lead rejected',
      description: 'Reason: Other: Bought locally',
    });
    const reopened = await put(lead.id, { status: 'waiting' });
    expect(reopened.json()).toMatchObject({ status: 'waiting', lostReason: null, lostReasonText: null });
    const again = await put(lead.id, { status: 'rejected', lostReason: 'car_sold' });
    expect(again.json()).toMatchObject({ lostReason: 'car_sold', lostReasonText: null });
  });
});
