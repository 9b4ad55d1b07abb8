import type { LeadListItem } from '#shared/schemas/leads.ts';
import { useWindowRange } from '../use-window-range.ts';
import { attentionOf } from './attention-indicator.tsx';
import { LeadCard } from './lead-card.tsx';

/** Phones (< 768 px): one card per lead, windowed like the table. */
export function LeadsCards({ leads, now }: { leads: LeadListItem[]; now: Date }) {
  const { listRef, range, measureRef, padTop, padBottom } = useWindowRange<HTMLUListElement>(leads.length, {
    estimate: 168,
  });
  return (
    <ul ref={listRef} aria-label="Leads" style={{ paddingTop: padTop, paddingBottom: padBottom }}>
      {leads.slice(range.start, range.end).map((lead, i) => (
        <LeadCard
          key={lead.id}
          lead={lead}
          attention={attentionOf(lead, now)}
          now={now}
          itemRef={i === 0 ? measureRef : undefined}
        />
      ))}
    </ul>
  );
}
