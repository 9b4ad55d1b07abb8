// The fixture month's leads and the totals they make (src/test/dashboard-fixture.ts inserts them).

export type Reply = { hours: number; kind: 'call' | 'chat' | 'email' };
export interface LeadSpec {
  ref: string;
  createdAt: string;
  origin: 'form' | 'email' | 'manual' | 'extension';
  emailSource?: 'geral' | 'comercial';
  utmSource?: string | null;
  status: string;
  quotedAmount?: string;
  lostReason?: string;
  reply?: Reply;
}

export const LEADS: LeadSpec[] = [
  {
    ref: 'FX1',
    createdAt: '2025-03-03T10:00:00Z',
    origin: 'form',
    utmSource: 'google',
    status: 'converted',
    quotedAmount: '20000.00',
    reply: { hours: 2, kind: 'call' },
  },
  {
    ref: 'FX2',
    createdAt: '2025-03-04T09:00:00Z',
    origin: 'form',
    utmSource: 'Google',
    status: 'quoted',
    quotedAmount: '18000.00',
    reply: { hours: 5, kind: 'email' },
  },
  {
    ref: 'FX3',
    createdAt: '2025-03-11T12:00:00Z',
    origin: 'form',
    utmSource: 'facebook',
    status: 'rejected',
    quotedAmount: '15000.00',
    lostReason: 'price',
    reply: { hours: 1, kind: 'chat' },
  },
  {
    ref: 'FX4',
    createdAt: '2025-03-12T08:00:00Z',
    origin: 'form',
    utmSource: null,
    status: 'rejected',
    lostReason: 'found_elsewhere',
    reply: { hours: 10, kind: 'call' },
  },
  { ref: 'FX5', createdAt: '2025-03-18T14:00:00Z', origin: 'email', emailSource: 'geral', status: 'requested' },
  {
    ref: 'FX6',
    createdAt: '2025-03-19T16:00:00Z',
    origin: 'email',
    emailSource: 'comercial',
    status: 'rejected',
    lostReason: 'no_answer',
    reply: { hours: 24, kind: 'email' },
  },
  {
    ref: 'FX7',
    createdAt: '2025-03-25T15:00:00Z',
    origin: 'manual',
    status: 'contacted',
    reply: { hours: 3, kind: 'call' },
  },
  // 23:30 in Lisbon (summer time since 30 March): still the 31st.
  { ref: 'FX8', createdAt: '2025-03-31T22:30:00Z', origin: 'extension', status: 'requested' },
  // 01:30 on 1 April in Lisbon: outside.
  { ref: 'FX9', createdAt: '2025-04-01T00:30:00Z', origin: 'form', utmSource: 'google', status: 'requested' },
  // The previous 31 days (29 January to 28 February).
  { ref: 'FX10', createdAt: '2025-02-10T10:00:00Z', origin: 'form', utmSource: 'google', status: 'requested' },
];

/** What the dashboard must show for FIXTURE_PERIOD when the fixture is alone in the database. */
export const DASHBOARD_FIXTURE_TOTALS = {
  leads: 8,
  leadsPrevious: 1,
  leadsBySource: {
    'form:google': 2,
    'form:facebook': 1,
    'form:': 1,
    'mailbox:geral': 1,
    'mailbox:comercial': 1,
    manual: 1,
    extension: 1,
  },
  weeks: ['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31'],
  funnel: {
    requested: 8,
    quoted: 3,
    converted: 1,
    rejected: 3,
    quotedRate: 37.5,
    convertedFromQuotedRate: 33.3,
    convertedRate: 12.5,
  },
  lostReasons: { price: 1, found_elsewhere: 1, no_answer: 1 },
  firstReply: { replied: 6, unanswered: 2, medianHours: 4, p90Hours: 17 },
  completed: 2,
  completedPrevious: 1,
  revenue: '5500.50',
  costs: '1500.34',
  profit: '4000.16',
  revenuePrevious: '1800.00',
  stageCounts: { delivered: 1, in_transit: 1, canceled: 1 },
  /** confirmed: 5, 10 and 2 days; in transit: 10 days, and the ongoing one up to FIXTURE_NOW (21.08). */
  confirmedAverageDays: 5.7,
  owed: { invoicedUnpaid: '2500.50', notInvoiced: '1800.00', suppliersUnpaid: '1250.09' },
} as const;
