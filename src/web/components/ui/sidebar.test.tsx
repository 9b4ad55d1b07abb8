import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '#test/web/dom-stubs.ts';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from './sidebar.tsx';
import { SidebarContent, SidebarMenu, SidebarMenuButton, SidebarMenuItem } from './sidebar-menu.tsx';

function clearSidebarCookie() {
  document.cookie = 'sidebar_state=; path=/; max-age=0';
}

function StateProbe() {
  const { state, open, openMobile, isMobile } = useSidebar();
  return <output data-testid="probe">{`${state}|${open}|${openMobile}|${isMobile}`}</output>;
}

function App(props: { defaultOpen?: boolean; onOpenChange?: (open: boolean) => void }) {
  return (
    <SidebarProvider {...props}>
      <Sidebar collapsible="icon">
        <SidebarContent>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton isActive tooltip="Leads">
                <span>Leads</span>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <main>
        <SidebarTrigger />
        <StateProbe />
      </main>
    </SidebarProvider>
  );
}

const probe = () => screen.getByTestId('probe').textContent;
const sidebarRoot = () => document.querySelector('[data-slot="sidebar"]');

beforeEach(clearSidebarCookie);
afterEach(() => {
  clearSidebarCookie();
  vi.restoreAllMocks();
});

describe('Sidebar (desktop)', () => {
  it('starts expanded without a cookie and collapses to an icon rail from the trigger', () => {
    render(<App />);
    expect(probe()).toBe('expanded|true|false|false');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    expect(sidebarRoot()).toHaveAttribute('data-collapsible', '');

    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(probe()).toBe('collapsed|false|false|false');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
    expect(sidebarRoot()).toHaveAttribute('data-collapsible', 'icon');
    expect(screen.getByRole('button', { name: 'Toggle Sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('writes the sidebar_state cookie for 7 days on every toggle', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringMatching(/^sidebar_state=false;/));
    const written = cookieSetter.mock.lastCall?.[0] ?? '';
    expect(written).toContain('max-age=604800');
    expect(written).toContain('path=/');

    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringMatching(/^sidebar_state=true;.*max-age=604800/));
  });

  it('reads its initial state from the cookie when defaultOpen is not given', () => {
    document.cookie = 'sidebar_state=false; path=/';
    render(<App />);
    expect(probe()).toBe('collapsed|false|false|false');
  });

  it('prefers defaultOpen over the cookie', () => {
    document.cookie = 'sidebar_state=false; path=/';
    render(<App defaultOpen />);
    expect(probe()).toBe('expanded|true|false|false');
  });

  it('toggles with Ctrl+B and Cmd+B on the window', () => {
    const onOpenChange = vi.fn();
    render(<App onOpenChange={onOpenChange} />);

    const ctrlB = new KeyboardEvent('keydown', { key: 'b', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => {
      window.dispatchEvent(ctrlB);
    });
    expect(ctrlB.defaultPrevented).toBe(true);
    expect(probe()).toBe('collapsed|false|false|false');
    expect(document.cookie).toContain('sidebar_state=false');

    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', metaKey: true }));
    });
    expect(probe()).toBe('expanded|true|false|false');
    expect(document.cookie).toContain('sidebar_state=true');
    expect(onOpenChange.mock.calls).toEqual([[false], [true]]);

    // Plain "b" (typing) does not toggle.
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
    });
    expect(probe()).toBe('expanded|true|false|false');
  });

  it('marks the active menu button', () => {
    render(<App />);
    const button = screen.getByRole('button', { name: 'Leads' });
    expect(button).toHaveAttribute('data-active', 'true');
    expect(button).toHaveClass('data-[active=true]:bg-sidebar-accent');
  });
});

describe('Sidebar tooltips', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the label in a tooltip only when collapsed to the icon rail', () => {
    render(<App />);
    const button = screen.getByRole('button', { name: 'Leads' });

    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.focus(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.blur(button);
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });

    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const collapsedButton = screen.getByRole('button', { name: 'Leads' });
    fireEvent.focus(collapsedButton);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Leads');
  });
});

describe('Sidebar (mobile, below 768 px)', () => {
  beforeEach(() => stubMatchMedia((query) => query === '(max-width: 767px)'));
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the navigation as a drawer opened by the toggle button', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    render(<App />);
    expect(probe()).toBe('expanded|true|false|true');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(probe()).toBe('expanded|true|true|true');
    const drawer = screen.getByRole('dialog');
    expect(drawer).toHaveAttribute('data-mobile', 'true');
    expect(drawer).toHaveTextContent('Leads');
    // The drawer does not touch the remembered desktop state.
    expect(cookieSetter).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', ctrlKey: true }));
    });
    expect(probe()).toBe('expanded|true|false|true');
  });
});
