import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryStates, type QueryErrorLayout, type QueryStateSource } from './query-states.tsx';

const source = (over: Partial<QueryStateSource<string[]>>): QueryStateSource<string[]> => ({
  data: undefined,
  error: null,
  isPending: false,
  isError: false,
  refetch: vi.fn(() => Promise.resolve()),
  ...over,
});
const failed = (data?: string[]) =>
  source({
    data,
    isError: true,
    error: new Error('500: Database unavailable'),
    refetch: vi.fn(() => Promise.resolve()),
  });

function view(query: QueryStateSource<string[]>, props: { layout?: QueryErrorLayout; keepDataOnError?: boolean } = {}) {
  return render(
    <QueryStates
      query={query}
      pending={<p>Loading list</p>}
      errorTitle="Failed to load the list"
      errorLayout={props.layout}
      keepDataOnError={props.keepDataOnError}
      isEmpty={(items) => items.length === 0}
      empty={<p>Nothing yet</p>}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('shows the pending view while the first load runs', () => {
    view(source({ isPending: true }));
    expect(screen.getByText('Loading list')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the empty view when the data has nothing', () => {
    view(source({ data: [] }));
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the children with the data', () => {
    view(source({ data: ['BMW', 'Audi'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['BMW', 'Audi']);
  });

  it("alert layout: 'Error', the screen's sentence with the message, and 'Try again' refetches", () => {
    const query = failed();
    view(query);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(screen.getByText('Failed to load the list: 500: Database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('inline layout: the sentence alone; card layout: the sentence, then the message', () => {
    const inline = view(failed(), { layout: 'inline' });
    expect(screen.getByText('Failed to load the list')).toBeInTheDocument();
    expect(screen.queryByText(/Database unavailable/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    inline.unmount();

    const query = failed();
    view(query, { layout: 'card' });
    expect(screen.getByText('Failed to load the list')).toBeInTheDocument();
    expect(screen.getByText('500: Database unavailable')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('a failed refetch replaces the data, unless keepDataOnError and there is something to show', () => {
    const first = view(failed(['BMW']));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    first.unmount();

    const kept = view(failed(['BMW']), { keepDataOnError: true });
    expect(screen.getByRole('listitem')).toHaveTextContent('BMW');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    kept.unmount();

    view(failed([]), { keepDataOnError: true });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
