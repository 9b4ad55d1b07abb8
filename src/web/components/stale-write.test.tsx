import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { isStaleWrite, StaleWriteBoundary, useReportStaleWrite } from './stale-write.tsx';

const STALE = new ApiError(
  409,
  'This import was changed by someone else. Reload to see the latest.',
  undefined,
  'STALE_VERSION',
);

describe('isStaleWrite', () => {
  it('is true only for a 409 with the STALE_VERSION code', () => {
    expect(isStaleWrite(STALE)).toBe(true);
    expect(isStaleWrite(new ApiError(409, 'Duplicate', undefined, 'CONFLICT'))).toBe(false);
    expect(isStaleWrite(new ApiError(400, 'Bad', undefined, 'STALE_VERSION'))).toBe(false);
    expect(isStaleWrite(new Error('409: x'))).toBe(false);
  });
});

function Editor({ fail }: { fail: unknown }) {
  const report = useReportStaleWrite();
  const [text, setText] = useState('');
  const [toasted, setToasted] = useState(false);
  return (
    <>
      <input aria-label="Notes" value={text} onChange={(e) => setText(e.target.value)} />
      <button onClick={() => !report(fail) && setToasted(true)}>Save</button>
      {toasted && <p>Failure toast</p>}
    </>
  );
}

describe('StaleWriteBoundary', () => {
  it('shows the server message with Reload, keeps the typed text, and hides after the refetch', async () => {
    let finish!: () => void;
    const refetch = vi.fn(() => new Promise<void>((res) => (finish = res)));
    render(
      <StaleWriteBoundary refetch={refetch}>
        <Editor fail={STALE} />
      </StaleWriteBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'my long note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This import was changed by someone else. Reload to see the latest.');
    expect(screen.queryByText('Failure toast')).toBeNull();
    expect(screen.getByLabelText('Notes')).toHaveValue('my long note');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(refetch).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByLabelText('Notes')).toHaveValue('my long note');
  });

  it('lets any other failure go to the caller', () => {
    render(
      <StaleWriteBoundary refetch={() => Promise.resolve()}>
        <Editor fail={new ApiError(500, 'Boom')} />
      </StaleWriteBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Failure toast')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
