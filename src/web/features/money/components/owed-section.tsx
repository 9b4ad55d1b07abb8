import type * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';

export interface Column<R> {
  header: string;
  cell: (row: R) => React.ReactNode;
  numeric?: boolean;
  /** Hidden on a phone (the row keeps the essentials). */
  wide?: boolean;
}

/** One list of the money-owed screen: a table with its total in the footer. */
export function OwedSection<R>({
  id,
  title,
  explain,
  columns,
  rows,
  rowKey,
  total,
  empty,
}: {
  id: string;
  title: string;
  explain: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => React.Key;
  total: string;
  empty: string;
}) {
  const amountIndex = columns.findIndex((c) => c.header.startsWith('Amount'));
  return (
    <Card id={id} className="min-w-0 scroll-mt-20 gap-4" role="region" aria-label={title}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription className="text-xs">{explain}</CardDescription>
        </div>
        <p className="shrink-0 text-xl font-bold tabular-nums" data-testid={`${id}-total`}>
          {total}
        </p>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        {rows.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                {columns.map((c) => (
                  <TableHead
                    key={c.header}
                    className={`${c.numeric ? 'text-right' : ''} ${c.wide ? 'hidden md:table-cell' : ''}`}
                  >
                    {c.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell
                      key={c.header}
                      className={`${c.numeric ? 'text-right tabular-nums' : ''} ${c.wide ? 'hidden md:table-cell' : ''}`}
                    >
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell
                    key={c.header}
                    className={`${c.numeric ? 'text-right tabular-nums' : ''} ${c.wide ? 'hidden md:table-cell' : ''} font-semibold`}
                  >
                    {i === 0 ? 'Total' : i === amountIndex ? total : null}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
