import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { dismiss } from '#web/hooks/use-toast.ts';
import { QUOTE_FORM_MESSAGES as M } from '#shared/schemas/contact-form-rules.ts';
import { stubFetch, type FetchCall, type FetchHandler } from '#test/web/fetch-stub.ts';
import { expectToast } from '#test/web/toasts.ts';
import { EMPTY_VALUES, type QuoteFormValues } from '../lib/form-values.ts';
import { QuoteForm } from './quote-form.tsx';

let now = 10_000;
let calls: FetchCall[] = [];
/** How the server answers the next POST /api/contact-form. */
let answer: FetchHandler;

beforeEach(() => {
  now = 10_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  answer = () => ok();
  calls = stubFetch((call) => answer(call));
  window.history.replaceState(null, '', '/?utm_source=newsletter&brand=BMW#pedir-orcamento');
});
afterEach(() => {
  act(() => dismiss());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(initial: Partial<QuoteFormValues> = {}) {
  render(
    <>
      <QuoteForm initialValues={{ ...EMPTY_VALUES, ...initial }} currentYear={2026} />
      <Toaster />
    </>,
  );
  const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: /Enviar pedido|Enviando/ }));
  return { input, type, submit };
}

const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

const ok = (message: string = M.success) =>
  new Response(JSON.stringify({ message }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('quote form checks, in order: honeypot, too fast, untouched, then the schema', () => {
  it('1. a filled honeypot blocks first', async () => {
    const { submit } = setup();
    now = 100;
    fireEvent.change(document.querySelector('input[name="website"]')!, { target: { value: 'bot' } });
    submit();
    const t = await expectToast('Erro', M.honeypot);
    expect(t).toHaveAttribute('data-variant', 'destructive');
    expect(calls).toHaveLength(0);
  });

  it('2. under 3000 ms since the page loaded blocks next', async () => {
    const { submit, type } = setup();
    type('Nome', 'Ana');
    now = 2999;
    submit();
    await expectToast('Erro', M.tooFast);
    expect(calls).toHaveLength(0);
  });

  it('3. no field touched blocks next', async () => {
    const { submit } = setup();
    submit();
    await expectToast('Erro', M.untouched);
  });

  it('4-7. schema: a message per field, the toast without the period, and each message goes when its field is edited', async () => {
    const { submit, type, input } = setup();
    type('Nome', 'x');
    type('Nome', '');
    submit();
    await expectToast('Erro', M.invalid);
    expect(errorOf(input('Nome'))).toBe(M.name);
    expect(errorOf(input('Email'))).toBe(M.email);
    expect(errorOf(input('Telefone'))).toBe(M.phone);
    expect(errorOf(input('Link do anúncio'))).toBe(M.vehicleLink);
    expect(input('Nome')).toHaveAttribute('aria-invalid', 'true');

    type('Email', 'a');
    expect(input('Email')).not.toHaveAttribute('aria-invalid');
    expect(errorOf(input('Nome'))).toBe(M.name);

    fireEvent.click(screen.getByLabelText('Marca e modelo'));
    submit();
    await waitFor(() => expect(errorOf(input('Marca'))).toBe(M.brand));
    expect(errorOf(input('Modelo'))).toBe(M.model);
    expect(errorOf(input('Valor (€)'))).toBe(M.budget);
    expect(errorOf(input('Ano (a partir de)'))).toBe(M.year);
    expect(errorOf(input('Máximo de kms'))).toBe(M.mileage);
    expect(errorOf(input('Tipo de caixa'))).toBe(M.transmission);
    expect(errorOf(input('Tipo de combustível'))).toBe(M.fuelType);
    expect(errorOf(input('Email'))).toBe(M.email);
    expect(calls).toHaveLength(0);
  });

  it('offers the transmission and fuel options and the year bounds', () => {
    const { input } = setup({ vehicleChoice: 'brand_model' });
    expect([...(input('Tipo de caixa') as unknown as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual(
      [
        ['', 'Selecione…'],
        ['automatica', 'Automática'],
        ['manual', 'Manual'],
      ],
    );
    expect([...(input('Tipo de combustível') as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'gasolina',
      'gasoleo',
      'hibrido_diesel',
      'hibrido_gasolina',
      'eletrico',
      'outro',
    ]);
    expect(input('Ano (a partir de)')).toHaveAttribute('min', '1990');
    expect(input('Ano (a partir de)')).toHaveAttribute('max', '2026');
  });
});

describe('sending', () => {
  it("reads 'Enviando...' disabled while sending, then shows 'Sucesso!', clears and resets the form", async () => {
    let respond!: (r: Response) => void;
    answer = () => new Promise((resolve) => (respond = resolve));
    const { submit, type, input } = setup({ vehicleChoice: 'brand_model', brand: 'BMW' });
    type('Nome', 'Ana Silva');
    type('Email', 'ana@example.pt');
    type('Telefone', '912345678');
    type('Modelo', 'X1');
    type('Valor (€)', '25000');
    type('Ano (a partir de)', '2019');
    type('Máximo de kms', '90000');
    fireEvent.change(input('Tipo de caixa'), { target: { value: 'manual' } });
    fireEvent.change(input('Tipo de combustível'), { target: { value: 'gasolina' } });
    now = 12_345.6;
    submit();
    const button = await screen.findByRole('button', { name: 'Enviando...' });
    expect(button).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/contact-form' });
    expect(calls[0]!.body).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      phone: '912345678',
      vehicleChoice: 'brand_model',
      vehicleLink: '',
      brand: 'BMW',
      model: 'X1',
      budget: '25000',
      year: '2019',
      mileage: '90000',
      transmission: 'manual',
      fuelType: 'gasolina',
      honeypot: '',
      formDuration: 12346,
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: null,
    });
    await act(async () => respond(ok('Pedido recebido!')));
    await expectToast('Sucesso!', 'Pedido recebido!');
    expect(screen.getByRole('button', { name: 'Enviar pedido' })).toBeEnabled();
    expect(input('Nome').value).toBe('');
    expect(screen.getByLabelText('Um carro específico')).toBeChecked();
    expect(input('Link do anúncio').value).toBe('');
    // The prefill leaves the address; utm_source stays.
    expect(window.location.search).toBe('?utm_source=newsletter');
    // The interaction flag is reset: submitting again at once is 'no field touched'.
    submit();
    await expectToast('Erro', M.untouched);
  });

  it("keeps the values and shows the server's message, 'Erro ao enviar formulário' or 'Erro interno...'", async () => {
    const { submit, type, input } = setup();
    type('Nome', 'Ana Silva');
    type('Email', 'ana@example.pt');
    type('Telefone', '912345678');
    type('Link do anúncio', 'https://www.standvirtual.com/carros/anuncio/x-ID1.html');

    answer = () => new Response(JSON.stringify({ message: 'Recebemos demasiados pedidos.' }), { status: 429 });
    submit();
    await expectToast('Erro', 'Recebemos demasiados pedidos.');
    expect(input('Nome').value).toBe('Ana Silva');

    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    submit();
    await expectToast('Erro', M.sendFailed);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    submit();
    await expectToast('Erro', M.internal);
    expect(input('Link do anúncio').value).toBe('https://www.standvirtual.com/carros/anuncio/x-ID1.html');
  });
});
