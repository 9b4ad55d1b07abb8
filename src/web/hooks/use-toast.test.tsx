import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, dismiss, toast, useToast } from './use-toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Empty the module-level store between tests.
  act(() => {
    dismiss();
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

describe('use-toast store', () => {
  it('keeps only one toast: the second replaces the first', () => {
    expect(TOAST_LIMIT).toBe(1);
    const { result } = renderHook(() => useToast());
    let first!: ReturnType<typeof toast>;
    act(() => {
      first = result.current.toast({ title: 'Saved' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Saved']);

    let second!: ReturnType<typeof toast>;
    act(() => {
      second = result.current.toast({ title: 'Deleted', variant: 'destructive' });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({
      id: second.id,
      title: 'Deleted',
      variant: 'destructive',
      open: true,
    });
    expect(second.id).not.toBe(first.id);
  });

  it('closes a dismissed toast, then removes it after the close animation', () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Hello' });
    });
    act(() => handle.dismiss());
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(result.current.toasts).toHaveLength(0);
  });

  it('updates a toast in place', () => {
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Uploading' });
    });
    act(() => handle.update({ title: 'Uploaded', description: '3 photos' }));
    expect(result.current.toasts[0]).toMatchObject({
      id: handle.id,
      title: 'Uploaded',
      description: '3 photos',
      open: true,
    });
  });
});

describe('Toaster', () => {
  it('shows one toast at a time and auto-dismisses it after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      toast({ title: 'Second', description: 'More' });
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('More')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('can be dismissed with its close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Closable' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('renders the destructive variant in red', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed', variant: 'destructive' });
    });
    const item = screen.getByText('Failed').closest('[data-slot="toast"]');
    expect(item).toHaveAttribute('data-variant', 'destructive');
    expect(item).toHaveClass('bg-destructive');
  });

  it('has a notifications region focused by F8, max 420 px wide from md up', () => {
    render(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    const viewport = region.querySelector('ol');
    expect(viewport).toHaveClass('md:max-w-[420px]', 'bottom-0', 'right-0');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(viewport);
  });
});
