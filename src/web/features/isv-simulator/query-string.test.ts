import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, type IsvForm } from './form-state.ts';
import { formToSearch, searchToForm } from './query-string.ts';

const full: IsvForm = {
  pais: 'fora',
  tipo: 'plugin',
  combustivel: 'gasoleo',
  estado: 'usado',
  matricula: '2019-02-28',
  cc: '1.968',
  co2: '45',
  ciclo: 'nedc',
  particulas: true,
  autonomia: '52',
  euro6eBis: true,
  preco: '25.000,50',
  km: '12000',
  declaracao: '2026-03-01',
};

const today = '2025-11-21';
const fresh: IsvForm = { ...DEFAULT_FORM, declaracao: today };

describe('query string <-> form', () => {
  it('writes nothing for the defaults, and a fresh form declares today', () => {
    expect(searchToForm('', today)).toEqual(fresh);
    expect(formToSearch(fresh, today)).toBe('');
    expect(formToSearch(DEFAULT_FORM, today)).toBe('');
  });

  it('writes the declaration date only when it is not today', () => {
    expect(formToSearch({ ...fresh, declaracao: '2026-01-02' }, today)).toBe('?declaracao=2026-01-02');
    expect(searchToForm('?declaracao=2026-01-02', today).declaracao).toBe('2026-01-02');
  });

  it('writes only what differs from the defaults', () => {
    const search = formToSearch({ ...fresh, cc: '1395', co2: '135', ciclo: 'wltp', matricula: '2020-06-01' }, today);
    expect(search).toBe('?matricula=2020-06-01&cc=1395&co2=135&ciclo=wltp');
  });

  it('round-trips every field exactly as typed', () => {
    expect(searchToForm(formToSearch(full, today), today)).toEqual(full);
    const novo = { ...fresh, estado: 'novo' as const, tipo: 'eletrico' as const, preco: '40000' };
    expect(searchToForm(formToSearch(novo, today), today)).toEqual(novo);
  });

  it('survives the encoding of commas, dots and spaces', () => {
    const search = formToSearch({ ...fresh, preco: '15 000,50' }, today);
    expect(new URL(`https://x.pt/simulador-isv${search}`).search).toBe(search);
    expect(searchToForm(search, today).preco).toBe('15 000,50');
  });

  it('falls back to the defaults for unknown or unusable values', () => {
    const form = searchToForm(
      '?pais=marte&tipo=camiao&combustivel=hidrogenio&estado=x&ciclo=epa&matricula=2021-02-30&declaracao=ontem&particulas=sim&outro=1',
      today,
    );
    expect(form).toEqual(fresh);
  });

  it('keeps typed text short', () => {
    expect(searchToForm(`?cc=${'9'.repeat(100)}`, today).cc).toHaveLength(16);
  });
});
