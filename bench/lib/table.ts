// A plain text table for the terminal.

/** `align`: one letter per column, l or r (default: first column left, the others right). */
export function table(headers: string[], rows: string[][], align?: string): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const left = (i: number) => (align ? align[i] !== 'r' : i === 0);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits);
