/** Calendar arithmetic on YYYY-MM-DD strings, free of time zones. */

export interface YMD {
  y: number;
  m: number; // 1-12
  d: number;
}

export function parseYmd(s: string): YMD {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

export const isValidYmd = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const { y, m, d } = parseYmd(s);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
};

export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export const compareYmd = (a: YMD, b: YMD) => a.y - b.y || a.m - b.m || a.d - b.d;

/**
 * The date `months` months after `from`. When that month is shorter (31 Jan + 1 month, 29 Feb +
 * 1 year) the period ends on its last day, as the Portuguese Civil Code counts periods (art. 279).
 */
export function addMonths(from: YMD, months: number): YMD {
  const total = from.y * 12 + (from.m - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return { y, m, d: Math.min(from.d, daysInMonth(y, m)) };
}

/**
 * Age in years as Tabela D counts it: whole years, upper bounds inclusive. Exactly N years old on
 * the anniversary counts as N ("up to N"); one day later it counts as N + 1. Same day: 0.
 */
export function ageInStartedYears(first: YMD, at: YMD): number {
  let full = at.y - first.y;
  if (compareYmd(addMonths(first, full * 12), at) > 0) full -= 1;
  return compareYmd(addMonths(first, full * 12), at) === 0 ? full : full + 1;
}

// Built once: constructing an Intl.DateTimeFormat costs ~60 µs, 50 times a whole simulation.
const LISBON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Lisbon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Lisbon as YYYY-MM-DD (declaration date default). */
export function todayInLisbon(now: Date = new Date()): string {
  return LISBON_DAY.format(now);
}
