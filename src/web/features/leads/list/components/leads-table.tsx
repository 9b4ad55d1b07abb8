import type { LeadListItem } from '#shared/schemas/leads.ts';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { useWindowRange } from '../use-window-range.ts';
import { attentionOf } from './attention-indicator.tsx';
import { LeadRow } from './lead-row.tsx';

export const LEAD_COLUMNS = [
  'Ref',
  'Name / Email',
  'Brand',
  'Model',
  'Budget',
  'Status',
  'Source',
  'Next Step',
  'Last Interaction',
] as const;

/** Spacer rows stand in for the rows outside the window. */
function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden className="border-0 hover:bg-transparent">
      <td colSpan={LEAD_COLUMNS.length} style={{ height, padding: 0 }} />
    </tr>
  );
}

/** Desktop and tablet: the table, windowed. */
export function LeadsTable({ leads, total, now }: { leads: LeadListItem[]; total: number; now: Date }) {
  const { listRef, range, measureRef, padTop, padBottom } = useWindowRange<HTMLTableSectionElement>(leads.length, {
    estimate: 57,
  });
  return (
    // Inline-size containment: the table scrolls inside its box instead of widening the page (the
    // shell's flex column would otherwise grow to the table's one-line width).
    <Table aria-label="Leads" aria-rowcount={total + 1} containerClassName="[contain:inline-size]">
      <TableHeader>
        <TableRow aria-rowindex={1} className="hover:bg-transparent">
          {LEAD_COLUMNS.map((column, i) => (
            <TableHead
              key={column}
              className={i === 0 ? 'pl-4' : i === 4 ? 'text-right' : i === LEAD_COLUMNS.length - 1 ? 'pr-4' : undefined}
            >
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody ref={listRef}>
        <Spacer height={padTop} />
        {leads.slice(range.start, range.end).map((lead, i) => (
          <LeadRow
            key={lead.id}
            lead={lead}
            attention={attentionOf(lead, now)}
            now={now}
            rowIndex={range.start + i + 2}
            rowRef={i === 0 ? measureRef : undefined}
          />
        ))}
        <Spacer height={padBottom} />
      </TableBody>
    </Table>
  );
}
