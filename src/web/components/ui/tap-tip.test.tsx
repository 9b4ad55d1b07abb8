import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TapTip } from './tap-tip.tsx';

function Page() {
  return (
    <div>
      <TapTip content="Valor indicativo">
        <button type="button" aria-label="Mais sobre ISV">
          i
        </button>
      </TapTip>
      <p>outside</p>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Mais sobre ISV' });
const tick = () => act(() => new Promise((r) => setTimeout(r, 20)));
const tip = () => screen.queryByRole('tooltip');

/** A finger: pointer events of type touch, then the click the browser synthesises. */
function tap(el: HTMLElement) {
  fireEvent.pointerDown(el, { pointerType: 'touch' });
  fireEvent.pointerUp(el, { pointerType: 'touch' });
  fireEvent.focus(el);
  fireEvent.click(el);
}

describe('TapTip (info tips that work without hover)', () => {
  it('a tap opens it and it stays open: no hover on touch, and the finger leaving does not close it', async () => {
    render(<Page />);
    expect(tip()).toBeNull();
    tap(trigger());
    expect(tip()).toHaveTextContent('Valor indicativo');
    fireEvent.pointerLeave(trigger(), { pointerType: 'touch' });
    await tick();
    expect(tip()).toHaveTextContent('Valor indicativo');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAccessibleDescription('Valor indicativo');
  });

  it('closes on a second tap, a tap outside or Escape', async () => {
    render(<Page />);
    tap(trigger());
    tap(trigger());
    expect(tip()).toBeNull();

    tap(trigger());
    await tick(); // the outside listener attaches after the opening
    tap(screen.getByText('outside'));
    expect(tip()).toBeNull();

    tap(trigger());
    await userEvent.keyboard('{Escape}');
    expect(tip()).toBeNull();
  });

  it('on a desktop, a mouse hover shows it and leaving hides it; a click pins it', () => {
    render(<Page />);
    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    expect(tip()).toHaveTextContent('Valor indicativo');
    fireEvent.pointerLeave(trigger(), { pointerType: 'mouse' });
    expect(tip()).toBeNull();

    fireEvent.pointerEnter(trigger(), { pointerType: 'mouse' });
    fireEvent.pointerDown(trigger(), { pointerType: 'mouse' });
    fireEvent.click(trigger());
    fireEvent.pointerLeave(trigger(), { pointerType: 'mouse' });
    expect(tip()).toHaveTextContent('Valor indicativo');
  });

  it('keyboard focus shows it and moving on hides it; Enter pins it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.tab();
    expect(trigger()).toHaveFocus();
    expect(tip()).toHaveTextContent('Valor indicativo');
    await user.tab();
    expect(tip()).toBeNull();

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(tip()).toHaveTextContent('Valor indicativo');
  });
});
