import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useResetOnOpen } from './use-reset-on-open.ts';

interface Props {
  open: boolean;
  record: { id: number; name: string };
}

/** The hook as a dialog uses it, logging what ran with the props it saw. */
function setUp(initial: Props, withKey: boolean) {
  const log: string[] = [];
  const hook = renderHook(
    ({ open, record }: Props) =>
      useResetOnOpen(open, () => log.push(`open ${record.name}`), {
        key: withKey ? record.id : undefined,
        onClose: () => log.push('close'),
      }),
    { initialProps: initial },
  );
  return { log, rerender: hook.rerender };
}

describe('useResetOnOpen', () => {
  it('resets on each opening with the latest props, and not when a refresh brings a new object', () => {
    const { log, rerender } = setUp({ open: false, record: { id: 1, name: 'a' } }, false);
    expect(log).toEqual(['close']);
    rerender({ open: true, record: { id: 1, name: 'b' } });
    expect(log).toEqual(['close', 'open b']);
    // A live refresh while open: a new object, same dialog; what is typed stays.
    rerender({ open: true, record: { id: 1, name: 'c' } });
    rerender({ open: true, record: { id: 2, name: 'd' } });
    expect(log).toEqual(['close', 'open b']);
    rerender({ open: false, record: { id: 2, name: 'd' } });
    rerender({ open: true, record: { id: 2, name: 'e' } });
    expect(log).toEqual(['close', 'open b', 'close', 'open e']);
  });

  it('with a key, another record in the open dialog resets it too; the same record does not', () => {
    const { log, rerender } = setUp({ open: true, record: { id: 1, name: 'a' } }, true);
    rerender({ open: true, record: { id: 1, name: 'b' } });
    expect(log).toEqual(['open a']);
    rerender({ open: true, record: { id: 2, name: 'c' } });
    expect(log).toEqual(['open a', 'open c']);
  });
});
