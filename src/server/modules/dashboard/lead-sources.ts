import { addDays, daysBetween } from '#shared/dashboard/period.ts';
import type { DashboardOverview } from '#shared/schemas/dashboard-overview.ts';

type Kind = DashboardOverview['leadsPerWeek']['sources'][number]['kind'];

/** The chart draws at most this many sources; the rest of the form's utm sources share one line. */
export const MAX_SOURCES = 8;
const MAILBOX_LABELS: Record<string, string> = { geral: 'Mailbox geral', comercial: 'Mailbox comercial' };

/** Where a lead came from (ADR 067): the form with its utm_source, each mailbox, manual, the extension. */
export function sourceOf(row: { origin: string; mailbox: string; utm: string | null }): {
  key: string;
  label: string;
  kind: Kind;
} {
  if (row.origin === 'form') {
    const utm = row.utm ?? '';
    return { key: `form:${utm}`, label: utm ? `Form · ${utm}` : 'Form · no utm_source', kind: 'form' };
  }
  if (row.origin === 'email')
    return {
      key: `mailbox:${row.mailbox}`,
      label: MAILBOX_LABELS[row.mailbox] ?? `Mailbox ${row.mailbox}`,
      kind: 'mailbox',
    };
  if (row.origin === 'extension') return { key: 'extension', label: 'Extension', kind: 'extension' };
  return { key: 'manual', label: 'Manual', kind: 'manual' };
}

/** Monday of the week of a 'YYYY-MM-DD' day. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The database's counts per week and arrival, as the chart's rows: every week of the period, sources by size. */
export function leadSources(
  rows: { week: string; origin: string; mailbox: string; utm: string | null; n: number }[],
  from: string,
  to: string,
): DashboardOverview['leadsPerWeek'] {
  const totals = new Map<string, { key: string; label: string; kind: Kind; total: number }>();
  for (const r of rows) {
    const s = sourceOf(r);
    const t = totals.get(s.key) ?? { ...s, total: 0 };
    t.total += r.n;
    totals.set(s.key, t);
  }
  let sources = [...totals.values()].sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  const merged = new Map<string, string>();
  if (sources.length > MAX_SOURCES) {
    const rest = sources.slice(MAX_SOURCES - 1);
    const other = { key: 'form:*', label: 'Other sources', kind: 'form' as Kind, total: 0 };
    for (const s of rest) {
      other.total += s.total;
      merged.set(s.key, other.key);
    }
    sources = [...sources.slice(0, MAX_SOURCES - 1), other];
  }
  const weeks: DashboardOverview['leadsPerWeek']['weeks'] = [];
  const byWeek = new Map<string, Record<string, number>>();
  for (let w = mondayOf(from); daysBetween(w, to) >= 0; w = addDays(w, 7)) {
    const counts = Object.fromEntries(sources.map((s) => [s.key, 0]));
    byWeek.set(w, counts);
    weeks.push({ week: w, counts });
  }
  for (const r of rows) {
    const counts = byWeek.get(r.week);
    if (!counts) continue;
    const key = sourceOf(r).key;
    const target = merged.get(key) ?? key;
    counts[target] = (counts[target] ?? 0) + r.n;
  }
  return { sources, weeks };
}
