import type { Rng } from './prng.ts';

// Portuguese customers for demo data. E-mail domains are reserved example domains, so a demo
// database with a connected mailbox can never write to a real person.

export const FEMALE_FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Catarina',
  'Daniela',
  'Filipa',
  'Inês',
  'Joana',
  'Leonor',
  'Mariana',
  'Marta',
  'Patrícia',
  'Rita',
  'Sara',
  'Sofia',
  'Teresa',
  'Carla',
  'Helena',
  'Cláudia',
  'Margarida',
  'Raquel',
  'Vera',
  'Susana',
  'Isabel',
  'Luísa',
  'Andreia',
  'Diana',
  'Mafalda',
  'Carolina',
  'Francisca',
  'Matilde',
] as const;

export const MALE_FIRST_NAMES = [
  'João',
  'Pedro',
  'Tiago',
  'Rui',
  'Miguel',
  'Ricardo',
  'Nuno',
  'André',
  'Bruno',
  'Carlos',
  'Diogo',
  'Duarte',
  'Filipe',
  'Gonçalo',
  'Hugo',
  'José',
  'Luís',
  'Manuel',
  'Paulo',
  'Rodrigo',
  'Sérgio',
  'Vasco',
  'Vítor',
  'António',
  'Francisco',
  'Henrique',
  'Afonso',
  'Jorge',
  'Fernando',
  'Marco',
] as const;

export const LAST_NAMES = [
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Oliveira',
  'Costa',
  'Rodrigues',
  'Martins',
  'Jesus',
  'Sousa',
  'Fernandes',
  'Gonçalves',
  'Gomes',
  'Lopes',
  'Marques',
  'Alves',
  'Almeida',
  'Ribeiro',
  'Pinto',
  'Carvalho',
  'Teixeira',
  'Moreira',
  'Correia',
  'Mendes',
  'Nunes',
  'Soares',
  'Vieira',
  'Monteiro',
  'Cardoso',
  'Rocha',
  'Neves',
  'Coelho',
  'Cruz',
  'Cunha',
  'Pires',
  'Ramos',
  'Reis',
  'Simões',
  'Antunes',
  'Matos',
  'Fonseca',
  'Machado',
  'Araújo',
  'Barbosa',
  'Tavares',
  'Lourenço',
  'Castro',
  'Figueiredo',
  'Azevedo',
  'Freitas',
] as const;

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.pt'] as const;
const MOBILE_PREFIXES = ['91', '92', '93', '96'] as const;

const CITIES = [
  { city: 'Lisboa', postal: [1000, 1990] },
  { city: 'Porto', postal: [4000, 4369] },
  { city: 'Vila Nova de Gaia', postal: [4400, 4439] },
  { city: 'Matosinhos', postal: [4450, 4465] },
  { city: 'Braga', postal: [4700, 4719] },
  { city: 'Guimarães', postal: [4800, 4839] },
  { city: 'Coimbra', postal: [3000, 3049] },
  { city: 'Aveiro', postal: [3800, 3819] },
  { city: 'Leiria', postal: [2400, 2419] },
  { city: 'Viseu', postal: [3500, 3519] },
  { city: 'Cascais', postal: [2750, 2789] },
  { city: 'Oeiras', postal: [2780, 2799] },
  { city: 'Setúbal', postal: [2900, 2914] },
  { city: 'Faro', postal: [8000, 8009] },
  { city: 'Funchal', postal: [9000, 9064] },
] as const;

const STREETS = [
  'Rua de Santa Catarina',
  'Avenida da Liberdade',
  'Rua Augusta',
  'Avenida dos Aliados',
  'Rua do Comércio',
  'Rua Dr. António José de Almeida',
  'Avenida da República',
  'Rua 25 de Abril',
  'Rua da Boavista',
  'Avenida Infante Dom Henrique',
  'Rua Direita',
  'Travessa do Carmo',
  'Rua das Flores',
  'Avenida Fernão de Magalhães',
  'Rua Padre António Vieira',
  'Largo do Município',
  'Rua Luís de Camões',
  'Avenida Marginal',
] as const;

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Lower-case ASCII for e-mail local parts: 'Gonçalves' -> 'goncalves'. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');
}

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

/** Portuguese mobile number as people write it: '+351 912 345 678'. */
export function portugueseMobile(rng: Rng): string {
  const rest = digits(rng, 7);
  return `+351 ${rng.pick(MOBILE_PREFIXES)}${rest.slice(0, 1)} ${rest.slice(1, 4)} ${rest.slice(4, 7)}`;
}

export function pickPerson(rng: Rng): Person {
  const firstName = rng.chance(0.5) ? rng.pick(FEMALE_FIRST_NAMES) : rng.pick(MALE_FIRST_NAMES);
  // Most Portuguese use two surnames; the lead stores them together as the last name.
  const family = rng.pick(LAST_NAMES);
  const mother = rng.pick(LAST_NAMES);
  const lastName = rng.chance(0.45) && mother !== family ? `${mother} ${family}` : family;
  const local = rng.weighted([
    [`${asciiSlug(firstName)}.${asciiSlug(family)}`, 5],
    [`${asciiSlug(firstName)}${asciiSlug(family)}${rng.int(1, 99)}`, 2],
    [`${asciiSlug(firstName).charAt(0)}${asciiSlug(family)}`, 2],
  ] as const);
  return { firstName, lastName, email: `${local}@${rng.pick(EMAIL_DOMAINS)}`, phone: portugueseMobile(rng) };
}

/**
 * Portuguese tax number (NIF) with a valid check digit. First digit 1-3 for people, 5 for companies,
 * 6 for public bodies.
 */
export function portugueseNif(rng: Rng, firstDigit: 1 | 2 | 3 | 5 | 6 = 2): string {
  const body = `${firstDigit}${digits(rng, 7)}`;
  return body + String(nifCheckDigit(body));
}

export function nifCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

export function isValidNif(nif: string): boolean {
  return /^\d{9}$/.test(nif) && nifCheckDigit(nif.slice(0, 8)) === Number(nif[8]);
}

/** 'Rua das Flores, 123, 2º Esq., 4050-262 Porto' */
export function portugueseAddress(rng: Rng): string {
  const place = rng.pick(CITIES);
  const postal = `${rng.int(place.postal[0], place.postal[1])}-${digits(rng, 3)}`;
  const floor = rng.chance(0.5) ? `, ${rng.int(1, 8)}º ${rng.pick(['Esq.', 'Dto.', 'Frente'])}` : '';
  return `${rng.pick(STREETS)}, ${rng.int(1, 480)}${floor}, ${postal} ${place.city}`;
}

/** German VAT id (USt-IdNr): 'DE' + 8 digits + ISO 7064 MOD 11,10 check digit. */
export function germanVatId(rng: Rng): string {
  const body = `${rng.int(1, 3)}${digits(rng, 7)}`;
  return `DE${body}${germanVatCheckDigit(body)}`;
}

export function germanVatCheckDigit(firstEight: string): number {
  let product = 10;
  for (const ch of firstEight) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}
