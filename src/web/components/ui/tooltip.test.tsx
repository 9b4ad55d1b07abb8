import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function Tip({ label }: { label: string }) {
  return (
    <Tooltip>
      <TooltipTrigger>{label}</TooltipTrigger>
      <TooltipContent>{`${label} tip`}</TooltipContent>
    </Tooltip>
  );
}

const hover = (el: HTMLElement) => fireEvent.pointerMove(el, { pointerType: 'mouse' });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('TooltipProvider', () => {
  it('opens after 700 ms, then skips the delay for 300 ms after a tooltip closes', () => {
    render(
      <TooltipProvider>
        <Tip label="A" />
        <Tip label="B" />
        <Tip label="C" />
        <Tip label="D" />
      </TooltipProvider>,
    );
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((name) => screen.getByRole('button', { name }));

    hover(a!);
    wait(699);
    expect(a).toHaveAttribute('data-state', 'closed');
    wait(1);
    expect(a).toHaveAttribute('data-state', 'delayed-open');

    fireEvent.pointerDown(a!); // closes A
    expect(a).toHaveAttribute('data-state', 'closed');
    hover(b!);
    expect(b).toHaveAttribute('data-state', 'instant-open');

    fireEvent.pointerDown(b!);
    wait(299);
    hover(c!);
    expect(c).toHaveAttribute('data-state', 'instant-open');

    fireEvent.pointerDown(c!);
    wait(300);
    hover(d!);
    expect(d).toHaveAttribute('data-state', 'closed');
    wait(699);
    expect(d).toHaveAttribute('data-state', 'closed');
    wait(1);
    expect(d).toHaveAttribute('data-state', 'delayed-open');
    expect(screen.getByRole('tooltip')).toHaveTextContent('D tip');
  });

  it('lets callers override the delays', () => {
    render(
      <TooltipProvider delayDuration={0}>
        <Tip label="Now" />
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Now' });
    hover(trigger);
    wait(0);
    expect(trigger).toHaveAttribute('data-state', 'delayed-open');
  });
});
