import { Link } from 'react-router';
import type { ImportListItem } from '#shared/schemas/imports-list.ts';
import { cn } from '#web/lib/cn.ts';
import { ImportProgress } from '../components/import-progress.tsx';
import { ImportStatusBadge } from '../components/import-status-badge.tsx';
import { formatEuroRounded, profitClass } from '../lib/money.ts';
import { formatCreated, importPath, vehicleName } from './import-open.ts';

/** Phones: one card per import, the whole card a link, with its percent and progress bar. */
export function ImportsCards({ items }: { items: ImportListItem[] }) {
  return (
    <ul aria-label="Imports" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id} data-import-id={item.id}>
          <Link
            to={importPath(item.id)}
            className="block rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-2">
              <span className="font-mono text-xs text-muted-foreground">#{item.id}</span>
              <span className="min-w-0 truncate font-medium">{item.clientName}</span>
              <ImportStatusBadge status={item.status} className="ml-auto" />
            </span>
            <span className="mt-1 block truncate text-sm text-muted-foreground">{vehicleName(item)}</span>
            <ImportProgress status={item.status} label={`Import #${item.id}`} className="mt-3" />
            <span className="mt-3 flex items-center gap-3 text-sm">
              <span className="text-muted-foreground">
                Service{' '}
                <span className="text-foreground tabular-nums">{formatEuroRounded(item.servicePrice) ?? '—'}</span>
              </span>
              <span className="text-muted-foreground">
                Profit{' '}
                <span className={cn('font-medium tabular-nums', profitClass(item.profit))}>
                  {formatEuroRounded(item.profit)}
                </span>
              </span>
              <span className="ml-auto text-xs text-muted-foreground tabular-nums">
                {formatCreated(item.createdAt)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
