import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema/leads.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { addLead, clearLeads, getter, hoursAgo, NOW } from './leads-list.test-helpers.ts';

/** RFC 4180 reader for the test: records of fields, quotes undone (';' is the default format's separator). */
function parseCsv(text: string, separator = ';'): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === '') {
      let end = i + 1;
      for (;;) {
        const q = text.indexOf('"', end);
        if (text[q + 1] === '"') end = q + 2;
        else {
          field = text.slice(i + 1, q).replace(/""/g, '"');
          i = q + 1;
          break;
        }
      }
      continue;
    }
    if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
    i += 1;
  }
  expect(field, 'file ends with CRLF').toBe('');
  return records;
}

const HEADER = [
  'Reference',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Make',
  'Model',
  'Year',
  'Budget (EUR)',
  'Status',
  'Source',
  'Created',
  'Last interaction',
];

describe('GET /api/leads/export.csv', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => NOW } });
    ({ cookie } = await t.loginAs('user'));
  });
  afterAll(() => t.close());
  beforeEach(() => clearLeads(t.database.db));

  const get = (url: string, as: string | null = cookie) => getter(t)(as, url);
  const exportCsv = async (query = '') => {
    const res = await get(`/api/leads/export.csv${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('answers 401 to anonymous callers', async () => {
    expect((await get('/api/leads/export.csv', null)).statusCode).toBe(401);
  });

  const joao = {
    reference: 'L1',
    firstName: 'João',
    lastName: 'Silva, Jr',
    email: 'joao@example.pt',
    phone: '912 345 678',
    vehicleMake: 'Mercedes-Benz',
    vehicleModel: 'C 220 d "AMG"; diesel',
    vehicleYear: 2019,
    budget: '25000.50',
    status: 'clarifying',
    emailSource: 'comercial',
    createdAt: new Date('2026-07-01T23:30:00Z'),
    lastInteractionAt: hoursAgo(2),
  };
  const joaoRecord = (budget: string) => [
    'L1',
    'João',
    'Silva, Jr',
    'joao@example.pt',
    '912 345 678',
    'Mercedes-Benz',
    'C 220 d "AMG"; diesel',
    '2019',
    budget,
    'Waiting for Lead',
    'Comercial',
    '2026-07-02 00:30',
    '2026-11-20 10:00',
  ];

  it('is by default a Portuguese-spreadsheet CSV: UTF-8 with a BOM, semicolons, decimal comma', async () => {
    await addLead(t.database.db, joao);
    for (const query of ['', 'format=pt']) {
      const res = await exportCsv(query);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-20.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body.startsWith('\uFEFFReference;First name;')).toBe(true);
      // Quoted only for the separator, a quote or a line break: the comma is plain text here.
      expect(res.body).toContain(';Silva, Jr;');
      expect(res.body).toContain(';"C 220 d ""AMG""; diesel";');
      const [header, ...records] = parseCsv(res.body.slice(1));
      expect(header).toEqual(HEADER);
      expect(records).toEqual([joaoRecord('25000,50')]);
    }
  });

  it('writes the comma-separated format with a decimal point on format=en; refuses other formats', async () => {
    await addLead(t.database.db, joao);
    const res = await exportCsv('format=en');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith('\uFEFFReference,First name,')).toBe(true);
    expect(res.body).toContain(',"Silva, Jr",');
    const [header, ...records] = parseCsv(res.body.slice(1), ',');
    expect(header).toEqual(HEADER);
    expect(records).toEqual([joaoRecord('25000.50')]);
    const bad = await get('/api/leads/export.csv?format=xlsx');
    expect(bad.statusCode).toBe(400);
  });

  it('defuses formulas and keeps line breaks inside a quoted cell', async () => {
    await addLead(t.database.db, {
      reference: 'F1',
      firstName: '=HYPERLINK("http://evil","x")',
      lastName: '@SUM(A1)',
      phone: '+351 912 000 111',
      email: '-1+2@x.pt',
      vehicleMake: '+SUM(1)',
      vehicleModel: 'Line1\nLine2',
    });
    const [, record] = parseCsv((await exportCsv()).body.slice(1));
    expect(record!.slice(0, 7)).toEqual([
      'F1',
      `'=HYPERLINK("http://evil","x")`,
      "'@SUM(A1)",
      "'-1+2@x.pt",
      // A phone number is digits and punctuation: no formula to defuse, so it is written as it is.
      '+351 912 000 111',
      "'+SUM(1)",
      'Line1\nLine2',
    ]);
    expect(record!.slice(7, 11)).toEqual(['', '', 'Requested', 'Geral']);
  });

  it('applies the search and filters, in list order, ignoring paging', async () => {
    await addLead(t.database.db, {
      reference: 'A',
      firstName: 'Golf',
      status: 'requested',
      lastInteractionAt: hoursAgo(20),
    });
    await addLead(t.database.db, {
      reference: 'B',
      firstName: 'Golf',
      status: 'quoted',
      starred: true,
      lastInteractionAt: hoursAgo(60),
    });
    await addLead(t.database.db, { reference: 'C', firstName: 'Golf', status: 'rejected' });
    await addLead(t.database.db, {
      reference: 'D',
      firstName: 'Polo',
      status: 'requested',
      lastInteractionAt: hoursAgo(30),
    });
    await addLead(t.database.db, {
      reference: 'E',
      firstName: 'Golf',
      status: 'waiting',
      emailSource: 'comercial',
      lastInteractionAt: hoursAgo(40),
    });
    const refsOf = async (q: string) =>
      parseCsv((await exportCsv(q)).body.slice(1))
        .slice(1)
        .map((r) => r[0]);
    expect(await refsOf('')).toEqual(['B', 'C', 'A', 'D', 'E']);
    expect(await refsOf('search=GOLF&status=requested,quoted,waiting&source=geral')).toEqual(['B', 'A']);
    expect(await refsOf('late=true&limit=1')).toEqual(['B', 'A', 'D', 'E']);
    expect(await refsOf('status=')).toEqual([]);
    expect((await get('/api/leads/export.csv?status=nope')).statusCode).toBe(400);
  });

  it('exports every row of a list larger than one batch, once each, in order', async () => {
    const total = 4_321;
    const base = hoursAgo(10).getTime();
    for (let start = 0; start < total; start += 500) {
      // 500 rows a statement keeps far below PGlite's 32,767-parameter limit.
      await t.database.db.insert(leads).values(
        Array.from({ length: Math.min(500, total - start) }, (_, k) => {
          const i = start + k;
          // Many leads share an instant, so batches split inside runs of equal times.
          const at = new Date(base - Math.floor(i / 7) * 60_000);
          return {
            reference: `B${String(i).padStart(5, '0')}`,
            firstName: `Bulk ${i}`,
            vehicleMake: 'Seat',
            vehicleModel: 'Ibiza',
            lastInteractionAt: at,
            createdAt: at,
          };
        }),
      );
    }
    const records = parseCsv((await exportCsv()).body.slice(1)).slice(1);
    expect(records).toHaveLength(total);
    // Within a run of equal times the newer id (inserted later) comes first.
    const expected = Array.from({ length: total }, (_, i) => i)
      .sort((a, b) => Math.floor(a / 7) - Math.floor(b / 7) || b - a)
      .map((i) => `B${String(i).padStart(5, '0')}`);
    expect(records.map((r) => r[0])).toEqual(expected);
  });
});
