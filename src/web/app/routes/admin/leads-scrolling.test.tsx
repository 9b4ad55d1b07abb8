import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '#test/web/fetch-stub.ts';
import { buildLeadListItem, buildLeadPage } from '#test/web/fixtures.ts';
import { io, setUpLeadsScreen, renderScreen, listCalls, lastList, rows, LEADS } from './leads.test-helpers.tsx';

setUpLeadsScreen();

describe('Leads list', () => {
  it('loads the next page when the end of the list comes near, following the cursor', async () => {
    const second = Array.from({ length: 3 }, (_, i) =>
      buildLeadListItem({ id: 100 + i, reference: `L2${i}`, firstName: `Page2-${i}` }),
    );
    const calls = stubFetch(({ query }) =>
      json(
        query.get('cursor') === 'c1'
          ? buildLeadPage(second, { total: 8 })
          : buildLeadPage(LEADS, { total: 8, nextCursor: 'c1' }),
      ),
    );
    renderScreen();
    await screen.findByText('Nova Lead');
    expect(listCalls(calls)).toHaveLength(1);
    act(() => io.intersect());
    expect(await screen.findByText('Page2-2 Silva')).toBeInTheDocument();
    expect(lastList(calls).get('cursor')).toBe('c1');
    expect(rows()).toHaveLength(8);
    // The last page has no cursor: nothing more is asked for.
    act(() => io.intersect());
    await act(async () => {});
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('keeps only the rows near the viewport in the DOM (windowing), whatever has been loaded', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      buildLeadListItem({ id: i + 1, reference: `L${i + 1}`, firstName: `Lead${i + 1}` }),
    );
    stubFetch(() => json(buildLeadPage(many, { total: 100_000, nextCursor: 'more' })));
    renderScreen();
    await screen.findByText('Lead1 Silva');
    // jsdom: 768 px viewport, rows of the 57 px estimate, 12 rows of overscan.
    expect(rows()).toHaveLength(27); // spacer rows are aria-hidden
    expect(screen.getByRole('table', { name: 'Leads' })).toHaveAttribute('aria-rowcount', '100001');

    // Scrolled so that row 1000 is at the top of the viewport.
    vi.spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect').mockReturnValue({
      top: -57 * 1000,
    } as DOMRect);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByText('Lead1 Silva')).toBeNull();
    expect(screen.getByText('Lead1001 Silva').closest('tr')).toHaveAttribute('aria-rowindex', '1002');
    const rendered = rows().filter((r) => r.hasAttribute('data-lead-id'));
    expect(rendered.map((r) => r.getAttribute('data-lead-id'))).toEqual(
      Array.from({ length: 39 }, (_, i) => String(989 + i)),
    );
  });
});
