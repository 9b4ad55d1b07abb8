import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicHeader, PublicHeaderLink } from './public-header.tsx';

function renderHeader(withNav = true) {
  return render(
    <div>
      <PublicHeader
        companyName="AutoImport"
        nav={
          withNav ? (
            <>
              <PublicHeaderLink href="/simulador-isv">Simulador de ISV</PublicHeaderLink>
              <PublicHeaderLink href="#faq">Perguntas frequentes</PublicHeaderLink>
            </>
          ) : undefined
        }
        menuExtra={<PublicHeaderLink href="#pedir-orcamento">Pedir orçamento</PublicHeaderLink>}
      />
      <p>page</p>
    </div>,
  );
}

const menu = () => document.querySelector<HTMLDetailsElement>('[data-slot="public-menu"]');

describe('PublicHeader: the links on a phone', () => {
  it('puts every header link, in Portuguese, in a menu shown below md; the desktop nav keeps them from md up', () => {
    renderHeader();
    const m = menu()!;
    expect(m).toHaveClass('md:hidden');
    expect(m.querySelector('summary')).toHaveTextContent('Menu');
    const links = within(m.querySelector('nav')!).getAllByRole('link', { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Simulador de ISV', '/simulador-isv'],
      ['Perguntas frequentes', '#faq'],
      ['Pedir orçamento', '#pedir-orcamento'],
    ]);
    const desktop = document.querySelector('header > div > nav')!;
    expect(desktop).toHaveClass('hidden', 'md:flex');
    expect(within(desktop as HTMLElement).getAllByRole('link')).toHaveLength(2);
  });

  it('opens on a tap of Menu; a link, a tap outside or Escape closes it', () => {
    renderHeader();
    const m = menu()!;
    const summary = m.querySelector('summary')!;
    expect(m.open).toBe(false);
    fireEvent.click(summary);
    expect(m.open).toBe(true);
    fireEvent.click(within(m).getByRole('link', { name: 'Perguntas frequentes' }));
    expect(m.open).toBe(false);

    fireEvent.click(summary);
    fireEvent.pointerDown(screen.getByText('page'));
    expect(m.open).toBe(false);

    fireEvent.click(summary);
    fireEvent.pointerDown(within(m).getByRole('link', { name: 'Simulador de ISV' }));
    expect(m.open).toBe(true);
    fireEvent.keyDown(within(m).getByRole('link', { name: 'Simulador de ISV' }), { key: 'Escape' });
    expect(m.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it('no links, no menu (the proposal page)', () => {
    renderHeader(false);
    expect(menu()).toBeNull();
  });
});
