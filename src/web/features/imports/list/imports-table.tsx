import { memo } from 'react';
import { useNavigate } from 'react-router';
import type { ImportListItem } from '#shared/schemas/imports-list.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { cn } from '#web/lib/cn.ts';
import { ImportStatusBadge } from '../components/import-status-badge.tsx';
import { formatEuroRounded, profitClass } from '../lib/money.ts';
import { formatCreated, openImportOnClick, openImportOnEnter, vehicleName } from './import-open.ts';

export const IMPORT_COLUMNS = [
  'ID',
  'Client',
  'Vehicle',
  'Status',
  'Vehicle Price',
  'ISV',
  'Service',
  'Costs',
  'Profit',
  'Created',
] as const;
const MONEY_FROM = 4;
const MONEY_TO = 8;

const Empty = () => <span className="text-muted-foreground">—</span>;
const money = (amount: string | null) => formatEuroRounded(amount) ?? <Empty />;

const ImportRow = memo(function ImportRow({ item }: { item: ImportListItem }) {
  const navigate = useNavigate();
  return (
    <TableRow
      tabIndex={0}
      data-import-id={item.id}
      className="h-14 cursor-pointer focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      onClick={(e) => openImportOnClick(e, item.id, navigate)}
      onKeyDown={(e) => openImportOnEnter(e, item.id, navigate)}
    >
      <TableCell className="pl-4 font-mono text-xs text-muted-foreground">#{item.id}</TableCell>
      <TableCell className="max-w-36 2xl:max-w-56">
        <span className="block truncate font-medium">{item.clientName}</span>
        {item.clientEmail ? (
          <span className="block truncate text-xs text-muted-foreground">{item.clientEmail}</span>
        ) : null}
      </TableCell>
      <TableCell className="max-w-36 2xl:max-w-56">
        <span className="block truncate">{vehicleName(item)}</span>
        {item.vehicleVin ? (
          <span className="block truncate font-mono text-xs text-muted-foreground">{item.vehicleVin}</span>
        ) : null}
      </TableCell>
      <TableCell>
        <ImportStatusBadge status={item.status} />
      </TableCell>
      <TableCell className="text-right tabular-nums">{money(item.vehiclePrice)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(item.vehicleIsv)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(item.servicePrice)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(item.costsTotal)}</TableCell>
      <TableCell className={cn('text-right font-medium tabular-nums', profitClass(item.profit))} data-testid="profit">
        {formatEuroRounded(item.profit)}
      </TableCell>
      <TableCell className="pr-4 whitespace-nowrap text-muted-foreground tabular-nums">
        {formatCreated(item.createdAt)}
      </TableCell>
    </TableRow>
  );
});

/** Desktop and tablet: the spec's ten columns, money rounded to the euro. */
export function ImportsTable({ items }: { items: ImportListItem[] }) {
  return (
    <Table aria-label="Imports" containerClassName="[contain:inline-size]">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {IMPORT_COLUMNS.map((column, i) => (
            <TableHead
              key={column}
              className={cn(
                i === 0 && 'pl-4',
                // Two-line money headers ('Vehicle / Price') keep all ten columns in a 1366 px window.
                i >= MONEY_FROM && i <= MONEY_TO && 'text-right whitespace-normal',
                i === IMPORT_COLUMNS.length - 1 && 'pr-4',
              )}
            >
              {column}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <ImportRow key={item.id} item={item} />
        ))}
      </TableBody>
    </Table>
  );
}
