// The entries the timeline card tests start from.
import type { TimelineEntry } from '#shared/schemas/timeline.ts';

export const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  id: 1,
  leadId: 7,
  type: 'call',
  kind: 'call',
  label: 'Phone Call',
  title: 'Phone Call',
  description: 'Talked.',
  emailData: null,
  metadata: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 1,
  createdByName: 'Ana',
  editable: true,
  version: 1,
  ...over,
});

export const LONG_LINE =
  'Called about the BMW 320d. She prefers automatic, max 90 000 km, budget firm at 25k, send by Friday.';
export const ENTRIES: TimelineEntry[] = [
  entry({
    id: 1,
    createdAt: '2026-11-18T09:00:00.000Z',
    title: 'First call',
    description: `${LONG_LINE}\nSecond line`,
  }),
  entry({
    id: 2,
    type: 'email',
    kind: 'email_received',
    label: 'Email Received',
    title: null,
    description:
      'Hello, I would like a quote for a BMW 320d from Germany, automatic, diesel, under 90 000 km, and with the full service history please.',
    emailData: {
      from: 'Maria <maria@example.com>',
      to: 'geral@autoimport.test',
      subject: 'Quote please',
      body: '<p>Hello <b>team</b></p><img src=x onerror="alert(1)"><script>alert(2)</script><p>Second paragraph</p>',
    },
    createdAt: '2026-11-19T09:00:00.000Z',
    createdByName: null,
    editable: false,
  }),
  entry({
    id: 3,
    type: 'chat',
    kind: 'chat',
    label: 'Text/WhatsApp',
    title: 'Text/WhatsApp',
    description: 'Sent photos.',
    createdAt: '2026-11-21T14:05:00.000Z',
  }),
];
