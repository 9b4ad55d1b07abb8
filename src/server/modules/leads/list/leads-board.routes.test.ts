import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadBoardResponse } from '#shared/schemas/leads-board.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertLead } from '#test/factories.ts';

describe('GET /api/leads/board', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await t.loginAs('user'));
    const db = t.database.db;
    await insertLead(db, { status: 'quoted', quotedAmount: '20000.50', budget: '15000.00', vehicleMake: 'Audi' });
    await insertLead(db, { status: 'quoted', quotedAmount: null, budget: '10000.00', vehicleMake: 'BMW' });
    await insertLead(db, { status: 'quoted', vehicleMake: 'BMW' });
    await insertLead(db, { status: 'requested', budget: '5000.00', emailSource: 'comercial', vehicleMake: 'BMW' });
  });
  afterAll(() => t.close());

  const board = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/leads/board${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LeadBoardResponse>();
  };

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/leads/board' })).statusCode).toBe(401);
  });

  it('answers count and total (quoted amount, else budget) per status, every status in order', async () => {
    const { columns } = await board();
    expect(columns.map((c) => c.status)).toEqual([
      'requested',
      'quoted',
      'clarifying',
      'waiting',
      'contacted',
      'rejected',
      'converted',
    ]);
    expect(columns[1]).toEqual({ status: 'quoted', count: 3, total: '30000.50', unpriced: 1 });
    expect(columns[0]).toEqual({ status: 'requested', count: 1, total: '5000.00', unpriced: 0 });
    expect(columns[2]).toEqual({ status: 'clarifying', count: 0, total: '0', unpriced: 0 });
  });

  it('applies the list search and filters', async () => {
    const { columns } = await board('?search=bmw&status=quoted,requested&source=geral');
    expect(columns).toEqual([
      { status: 'requested', count: 0, total: '0', unpriced: 0 },
      { status: 'quoted', count: 2, total: '10000.00', unpriced: 1 },
    ]);
  });

  it('counts the same when the filter names both mailboxes as when it names none (ADR 069)', async () => {
    const named = await board('?status=requested,quoted&source=geral,comercial');
    expect(named.columns).toEqual([
      { status: 'requested', count: 1, total: '5000.00', unpriced: 0 },
      { status: 'quoted', count: 3, total: '30000.50', unpriced: 1 },
    ]);
    expect((await board('?status=requested,quoted')).columns).toEqual(named.columns);
    expect((await board('?source=comercial')).columns[0]).toEqual({
      status: 'requested',
      count: 1,
      total: '5000.00',
      unpriced: 0,
    });
    expect((await board('?source=comercial')).columns[1]).toEqual({
      status: 'quoted',
      count: 0,
      total: '0',
      unpriced: 0,
    });
  });

  it('refuses a bad filter with a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leads/board?status=won', headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});
