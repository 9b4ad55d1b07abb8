import { describe, expect, it } from 'vitest';
import { findBudget, findListingLink, findPhone, findReference } from './free-text-numbers.ts';

/** [what, body, phone expected] — real-looking bodies: PT, EN, DE, signatures, forwards, quoted replies. */
const PHONES: Array<[string, string, string | null]> = [
  [
    'issue 29: listing id in the URL, phone after telefone',
    'Boa tarde, queria um carro como este https://www.mobile.de/auto-inserat/bmw-320d/vhc:412345678 . O meu telefone e 912 345 678',
    '912 345 678',
  ],
  ['PT mobile, spaced', 'Olá, podem ligar-me para o 912 345 678. Obrigado', '912 345 678'],
  ['PT mobile, unbroken', 'telemóvel 912345678', '912345678'],
  ['PT with +351', 'Ligue para +351 912 345 678, obrigado', '+351 912 345 678'],
  ['PT with 00351', 'Contacto: 00351 936 123 456', '00351 936 123 456'],
  ['PT with +351 unbroken', 'Tlm +351912345678', '+351912345678'],
  ['PT landline Lisbon', 'O meu telefone fixo é 213 456 789', '213 456 789'],
  ['PT landline Porto grouped 22', 'Tel.: 22 123 4567', '22 123 4567'],
  ['PT 3xx number', 'Podem contactar o 300 502 300', '300 502 300'],
  ['PT mobile with dots', 'tlm. 965.432.198', '965.432.198'],
  ['PT mobile with hyphens', 'Meu número: 926-111-222', '926-111-222'],
  ['PT +351 with brackets', 'Telefone (+351) 917 654 321', '+351 917 654 321'],
  ['date is not a phone', 'Preço 25.000 € em 2024-05-01', null],
  ['date dd/mm/yyyy is not a phone', 'Posso ir ver o carro a 12/05/2026 às 15h', null],
  ['price with euro sign is not a phone', 'Tenho um orçamento de 925 000 000 € (a brincar)', null],
  ['price in EUR is not a phone', 'Budget EUR 212345678 is too much', null],
  ['VIN is not a phone', 'O VIN é WBA8E9C50GK123456, consegue verificar?', null],
  ['reference is not a phone', 'Ref: 912345678 — pedido de proposta', null],
  ['order number is not a phone', 'Encomenda nº 923456781 confirmada', null],
  ['e-mail address is not a phone', 'Escreva para 912345678@sapo.pt', null],
  ['URL query is not a phone', 'https://suchen.mobile.de/fahrzeuge/details.html?id=312345678', null],
  [
    'Standvirtual URL is not a phone',
    'Vi este: https://www.standvirtual.com/carros/anuncio/audi-a4-ID8P912345678.html',
    null,
  ],
  ['www link is not a phone', 'Link: www.autoscout24.de/angebote/x-212345678 obrigado', null],
  ['mileage is not a phone', 'Quilometragem até 150000 km', null],
  ['a year and a phone in one run', 'BMW de 2019 912 345 678 é o meu número', '912 345 678'],
  [
    'phone word wins over an earlier number',
    'O stand tem o 213 000 111 mas o meu telemóvel é 934 567 890',
    '934 567 890',
  ],
  ['contacto wins', 'Número da loja 229 876 543. Contacto: 961 234 567', '961 234 567'],
  ['phone word (EN) wins', 'Office 213 999 888, my phone is 912 000 111', '912 000 111'],
  ['tlm wins', 'Fax 213 555 666 / tlm 918 765 432', '918 765 432'],
  ['first when none is introduced', 'Ligue 912 111 222 ou 913 333 444', '912 111 222'],
  [
    'EN signature',
    'Hi,\nI am interested in the Golf.\n\nBest regards,\nJohn Smith\nPhone: +44 7700 900123\njohn@smith.co.uk',
    '+44 7700 900123',
  ],
  ['UK national number', 'Call me on 07700 900123 please', '07700 900123'],
  ['DE mobile international', 'Meine Handynummer: +49 171 2345678', '+49 171 2345678'],
  ['DE mobile 0049', '0049 171 2345678', '0049 171 2345678'],
  ['DE national', 'Tel. 0171 2345678', '0171 2345678'],
  ['DE landline with slash-free grouping', 'Telefon: 030 12345678', '030 12345678'],
  [
    'DE signature with date',
    'Mit freundlichen Grüßen\nHans Müller\nDatum: 01.05.2026\nMobil: +49 160 9876543',
    '+49 160 9876543',
  ],
  ['FR mobile', 'Mon portable : 06 12 34 56 78', '06 12 34 56 78'],
  ['FR international', 'Tél +33 6 12 34 56 78', '+33 6 12 34 56 78'],
  ['ES international', 'Mi teléfono +34 612 34 56 78', '+34 612 34 56 78'],
  ['NL mobile', 'Bel me: 06-12345678', '06-12345678'],
  ['IT international', 'Cellulare +39 333 123 4567', '+39 333 123 4567'],
  ['BE international', 'GSM +32 470 12 34 56', '+32 470 12 34 56'],
  [
    'quoted reply: our own number is not the customer’s',
    'Está ótimo, aceito!\n\nNo dia 2/11/2026 à(s) 10:12, Geral <geral@empresa.pt> escreveu:\n> Bom dia, segue a proposta.\n> Telefone 213 000 000',
    null,
  ],
  [
    'quoted reply after the customer’s own number',
    'Aceito. Liguem-me: 919 191 919\n\nOn Mon, 2 Nov 2026 at 10:12, Geral <geral@empresa.pt> wrote:\n> Tel 213 000 000',
    '919 191 919',
  ],
  ['> lines are not read', '> tlm 912 345 678\nObrigado', null],
  ['Outlook original message', 'Ok!\n\n-----Original Message-----\nFrom: Geral\nTel: 213 000 000', null],
  [
    'forwarded message keeps the forwarded customer’s number',
    '---------- Forwarded message ---------\nDe: Ana <ana@x.pt>\nAssunto: carro\n\nO meu contacto é 912 888 777',
    '912 888 777',
  ],
  [
    'PT forwarded (Mensagem encaminhada)',
    '-------- Mensagem encaminhada --------\nTelemóvel: 961 000 222',
    '961 000 222',
  ],
  ['amount with decimals is not a phone', 'Transferi 9123456,78 ontem', null],
  ['too few digits', 'Liga 912 345', null],
  ['9 digits starting with 1 are not PT', 'código 123456789', null],
  ['9 digits starting with 4 (the listing id) are not PT', 'anúncio 412345678', null],
  ['thousands grouped price without currency', 'O carro custa 25.000 e tem 2 anos', null],
  ['phone next to letters is not a phone', 'Código AB912345678', null],
  ['postcode and phone', 'Rua X, 4000-123 Porto\nTlm 912 654 321', '912 654 321'],
  ['NIF next to phone word', 'NIF 123456789, tlm 936 999 000', '936 999 000'],
  [
    'multi-line signature, landline and mobile',
    'Cumprimentos,\nRui Matos\nT: 253 123 456\nM: 965 432 100',
    '253 123 456',
  ],
  ['time and date around a phone', 'Posso às 14:30 do dia 12.05.2026 — 910 000 001', '910 000 001'],
  ['WhatsApp', 'Mande mensagem por WhatsApp +351 910 222 333', '+351 910 222 333'],
  ['German order number', 'Bestell-Nr. 2123456789 — Telefon 0171 9999999', '0171 9999999'],
  ['price after the phone word', 'contacto 25.000 € e telefone 912 777 666', '912 777 666'],
  ['empty body', '', null],
  [
    'only a link with the phone-like id after a word',
    'telefone? veja https://www.autoscout24.pt/anuncios/bmw-320-912345678',
    null,
  ],
];

describe('findPhone: table of real-looking bodies', () => {
  it('has at least 60 rows', () => expect(PHONES.length).toBeGreaterThanOrEqual(60));
  it.each(PHONES)('%s', (_what, body, phone) => {
    expect(findPhone(body)).toBe(phone);
  });
});

describe('findListingLink, findReference, findBudget', () => {
  it.each([
    [
      'como este https://www.mobile.de/auto-inserat/bmw-320d/vhc:412345678 . O meu telefone',
      'https://www.mobile.de/auto-inserat/bmw-320d/vhc:412345678',
    ],
    [
      'veja https://example.com/x e https://suchen.mobile.de/fahrzeuge/details.html?id=123.',
      'https://suchen.mobile.de/fahrzeuge/details.html?id=123',
    ],
    ['https://example.com/carro', null],
    ['Obrigado\n\nOn Mon, 2 Nov 2026, Geral wrote:\n> https://www.standvirtual.com/carros/anuncio/x-ID8P.html', null],
  ])('link in %j', (body, link) => expect(findListingLink(body)).toBe(link));

  it.each([
    ['Pedido Ref: AB1234', 'AB1234'],
    ['Referência n.º l10042 do site', 'L10042'],
    ['reference #X1Y2', 'X1Y2'],
    ['Refrigerante', null],
    ['Ref: CARRO', null],
    ['https://x.pt/?ref=AB1234', null],
    ['ref123@x.pt', null],
  ])('reference in %j', (body, ref) => expect(findReference(body)).toBe(ref));

  it.each([
    ['O orçamento é até 28 000 €.', 28000],
    ['até 28.000€', 28000],
    ['Budget of €30,000 max', 30000],
    ['budget: 30000 EUR', 30000],
    ['bis 25.000 EUR', 25000],
    ['orçamento 30k', 30000],
    ['máximo 22 mil euros', 22000],
    ['até 2019', null],
    ['telefone 912 345 678', null],
    ['até às 18h', null],
  ])('budget in %j', (body, budget) => expect(findBudget(body)).toBe(budget));

  it('reads a long hostile body in linear time', () => {
    const bodies = [
      '9 '.repeat(100_000),
      '+'.repeat(200_000),
      `${'1.'.repeat(100_000)}x`,
      'a@'.repeat(100_000),
      `On ${'x'.repeat(100_000)}`,
    ];
    for (const body of bodies) {
      for (const read of [findPhone, findBudget, findReference, findListingLink]) {
        const started = performance.now();
        read(body);
        expect(performance.now() - started, `${read.name} on ${body.slice(0, 12)}…`).toBeLessThan(1000);
      }
    }
  });
});
