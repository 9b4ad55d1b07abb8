import type { BodyStyle } from './cars.ts';

/**
 * Stylised car pictures for demo proposals (the machines that run seeds have no network, so no
 * real photos). Pure: the same options always give the same SVG text.
 */

export const CAR_SVG_WIDTH = 1600;
export const CAR_SVG_HEIGHT = 1067;

export type CarView = 'side-left' | 'front-quarter' | 'side-right' | 'rear-quarter' | 'wheel-detail' | 'overview';

/** Photo order of a proposal gallery and the Portuguese caption of each angle. */
export const CAR_VIEWS: readonly { view: CarView; caption: string }[] = [
  { view: 'front-quarter', caption: 'Frente ¾' },
  { view: 'side-left', caption: 'Lateral esquerda' },
  { view: 'rear-quarter', caption: 'Traseira ¾' },
  { view: 'side-right', caption: 'Lateral direita' },
  { view: 'wheel-detail', caption: 'Pormenor da jante' },
  { view: 'overview', caption: 'Vista geral' },
];

export interface CarSvgOptions {
  body: BodyStyle;
  /** '#rrggbb' */
  bodyColor: string;
  view: CarView;
  /** Picks the background (sky, light, showroom); any integer. */
  scene: number;
  /** Bottom caption, e.g. 'BMW 320d Touring M Sport · Frente ¾'. */
  caption: string;
  /** Position in the gallery, shown at the right of the caption. */
  index?: { n: number; of: number };
}

interface Profile {
  x0: number;
  x1: number;
  wheelR: number;
  frontAxle: number;
  rearAxle: number;
  belt: number;
  roof: number;
  wsBase: number;
  roofStart: number;
  roofEnd: number;
  rearBase: number;
  deckY: number;
}

const GROUND = 880;
const PROFILES: Record<BodyStyle, Profile> = {
  sedan: {
    x0: 230,
    x1: 1370,
    wheelR: 92,
    frontAxle: 480,
    rearAxle: 1130,
    belt: 600,
    roof: 440,
    wsBase: 620,
    roofStart: 770,
    roofEnd: 1030,
    rearBase: 1190,
    deckY: 600,
  },
  estate: {
    x0: 230,
    x1: 1370,
    wheelR: 92,
    frontAxle: 480,
    rearAxle: 1130,
    belt: 600,
    roof: 440,
    wsBase: 620,
    roofStart: 770,
    roofEnd: 1250,
    rearBase: 1335,
    deckY: 610,
  },
  hatch: {
    x0: 300,
    x1: 1300,
    wheelR: 90,
    frontAxle: 520,
    rearAxle: 1090,
    belt: 610,
    roof: 450,
    wsBase: 640,
    roofStart: 780,
    roofEnd: 1150,
    rearBase: 1268,
    deckY: 615,
  },
  suv: {
    x0: 240,
    x1: 1360,
    wheelR: 106,
    frontAxle: 490,
    rearAxle: 1120,
    belt: 565,
    roof: 385,
    wsBase: 610,
    roofStart: 745,
    roofEnd: 1235,
    rearBase: 1322,
    deckY: 575,
  },
};

const SCENES = [
  { sky: ['#8fc1f2', '#e6f2fc'], ground: ['#8b9096', '#585d63'], hills: '#9db59c', sun: '#fff6d5' },
  { sky: ['#f3c07f', '#fbe8c8'], ground: ['#7d766d', '#4d4843'], hills: '#b49574', sun: '#ffe7a8' },
  { sky: ['#a7b3bf', '#dde3e8'], ground: ['#797e83', '#4a4e53'], hills: '#8a98a2', sun: null },
  { sky: ['#d6dbe0', '#f4f5f7'], ground: ['#c8cbcf', '#9aa0a6'], hills: null, sun: null }, // showroom
  { sky: ['#3c4d78', '#e39a69'], ground: ['#4a4d57', '#2a2c32'], hills: '#353d57', sun: '#ffc58a' },
] as const;

const f = (x: number): string => String(Math.round(x * 10) / 10);

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Lightens (amount > 0) or darkens (amount < 0) a '#rrggbb' colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}

/** Relative luminance-ish brightness in [0, 1]. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

function bodyPath(p: Profile, cy: number): string {
  const bottom = cy + 22;
  const ar = p.wheelR + 14;
  const half = Math.sqrt(ar * ar - (bottom - cy) ** 2);
  return [
    `M${f(p.x0 + 10)} ${f(bottom - 10)}`,
    `L${f(p.x0)} ${f(p.belt + 70)}`,
    `Q${f(p.x0 - 2)} ${f(p.belt + 18)} ${f(p.x0 + 70)} ${f(p.belt + 12)}`,
    `L${f(p.wsBase)} ${f(p.belt)}`,
    `L${f(p.roofStart)} ${f(p.roof)}`,
    `Q${f((p.roofStart + p.roofEnd) / 2)} ${f(p.roof - 14)} ${f(p.roofEnd)} ${f(p.roof)}`,
    `L${f(p.rearBase)} ${f(p.deckY)}`,
    `L${f(p.x1 - 25)} ${f(p.deckY + 6)}`,
    `Q${f(p.x1 + 2)} ${f(p.deckY + 10)} ${f(p.x1)} ${f(p.deckY + 60)}`,
    `L${f(p.x1 + 4)} ${f(bottom - 12)}`,
    `Q${f(p.x1 + 2)} ${f(bottom)} ${f(p.x1 - 30)} ${f(bottom)}`,
    `L${f(p.rearAxle + half)} ${f(bottom)}`,
    `A${f(ar)} ${f(ar)} 0 1 0 ${f(p.rearAxle - half)} ${f(bottom)}`,
    `L${f(p.frontAxle + half)} ${f(bottom)}`,
    `A${f(ar)} ${f(ar)} 0 1 0 ${f(p.frontAxle - half)} ${f(bottom)}`,
    `L${f(p.x0 + 35)} ${f(bottom)}`,
    `Q${f(p.x0 + 10)} ${f(bottom)} ${f(p.x0 + 10)} ${f(bottom - 10)}Z`,
  ].join('');
}

function windowsPath(p: Profile): string {
  const y = p.belt - 10;
  const t = (y - p.roof) / (p.deckY - p.roof);
  const rearX = p.roofEnd + (p.rearBase - p.roofEnd) * t - 24;
  return `M${f(p.wsBase + 42)} ${f(y)}L${f(p.roofStart + 16)} ${f(p.roof + 16)}L${f(p.roofEnd - 14)} ${f(p.roof + 16)}L${f(rearX)} ${f(y)}Z`;
}

function wheel(x: number, cy: number, r: number, rim: string): string {
  const spokes = [0, 72, 144, 216, 288]
    .map(
      (a) =>
        `<rect x="-8" y="${f(-r * 0.6)}" width="16" height="${f(r * 0.5)}" rx="6" fill="${rim}" transform="rotate(${a})"/>`,
    )
    .join('');
  return (
    `<g transform="translate(${f(x)} ${f(cy)})">` +
    `<circle r="${f(r)}" fill="#141518"/>` +
    `<circle r="${f(r * 0.66)}" fill="#2a2c30"/>` +
    `<circle r="${f(r * 0.46)}" fill="#80868d"/>` +
    spokes +
    `<circle r="${f(r * 0.62)}" fill="none" stroke="${rim}" stroke-width="8"/>` +
    `<circle r="${f(r * 0.15)}" fill="${rim}"/><circle r="${f(r * 0.06)}" fill="#1d1f22"/>` +
    `</g>`
  );
}

function carGroup(body: BodyStyle, color: string): string {
  const p = PROFILES[body];
  const cy = GROUND - p.wheelR;
  const longRoof = body === 'estate' || body === 'suv';
  const bPillar = p.roofStart + (p.roofEnd - p.roofStart) * (body === 'hatch' ? 0.5 : longRoof ? 0.34 : 0.42);
  const cPillar = longRoof ? p.roofStart + (p.roofEnd - p.roofStart) * 0.78 : null;
  const bottom = cy + 22;
  // The rear door's back edge stops where it meets the rear wheel arch.
  const rearDoorX = (cPillar ?? p.roofEnd) + 10;
  const archR = p.wheelR + 14;
  const rearDoorEnd =
    Math.abs(rearDoorX - p.rearAxle) < archR ? cy - Math.sqrt(archR ** 2 - (rearDoorX - p.rearAxle) ** 2) : bottom - 8;
  const rim = luminance(color) > 0.7 ? '#4a4f55' : '#c9cdd2'; // anthracite rims on white cars
  const doorTop = p.belt + 8;
  const parts = [
    `<ellipse cx="${f((p.x0 + p.x1) / 2)}" cy="${GROUND + 4}" rx="${f((p.x1 - p.x0) / 2 + 60)}" ry="30" fill="url(#shadow)"/>`,
    `<path d="${bodyPath(p, cy)}" fill="url(#paint)" stroke="${shade(color, -0.45)}" stroke-width="3"/>`,
    `<path d="${windowsPath(p)}" fill="url(#glass)" stroke="#1b1d21" stroke-width="4"/>`,
    `<rect x="${f(bPillar)}" y="${f(p.roof + 8)}" width="24" height="${f(p.belt - p.roof - 8)}" fill="${shade(color, -0.25)}"/>`,
    cPillar === null
      ? ''
      : `<rect x="${f(cPillar)}" y="${f(p.roof + 8)}" width="30" height="${f(p.belt - p.roof - 8)}" fill="${shade(color, -0.25)}"/>`,
    `<path d="M${f(p.x0 + 80)} ${f(p.belt + 34)}L${f(p.x1 - 60)} ${f(p.deckY + 34)}" stroke="#ffffff" stroke-opacity="0.28" stroke-width="5" fill="none"/>`,
    `<path d="M${f(p.frontAxle + p.wheelR + 24)} ${f(doorTop)}V${f(bottom - 8)}M${f(bPillar + 12)} ${f(doorTop)}V${f(bottom - 8)}M${f(rearDoorX)} ${f(doorTop)}V${f(rearDoorEnd)}" stroke="${shade(color, -0.5)}" stroke-width="3" fill="none"/>`,
    `<rect x="${f(bPillar - 130)}" y="${f(p.belt + 38)}" width="64" height="13" rx="6" fill="${shade(color, 0.35)}"/>`,
    `<rect x="${f(bPillar + 90)}" y="${f(p.belt + 38)}" width="64" height="13" rx="6" fill="${shade(color, 0.35)}"/>`,
    `<path d="M${f(p.wsBase + 8)} ${f(p.belt - 4)}q-40 -6 -46 22q22 10 50 2z" fill="${shade(color, -0.2)}" stroke="#1b1d21" stroke-width="2"/>`,
    `<path d="M${f(p.x0 + 16)} ${f(p.belt + 34)}L${f(p.x0 + 124)} ${f(p.belt + 24)}L${f(p.x0 + 114)} ${f(p.belt + 52)}L${f(p.x0 + 12)} ${f(p.belt + 60)}Z" fill="#f3f1e2" stroke="#3a3c40" stroke-width="3"/>`,
    `<rect x="${f(p.x1 - 64)}" y="${f(p.deckY + 20)}" width="60" height="28" rx="6" fill="#b3181f" stroke="#4a0a0d" stroke-width="2"/>`,
    `<path d="M${f(p.frontAxle + p.wheelR + 18)} ${f(bottom - 8)}H${f(p.rearAxle - p.wheelR - 18)}" stroke="#1f2125" stroke-opacity="0.55" stroke-width="14"/>`,
    wheel(p.frontAxle, cy, p.wheelR, rim),
    wheel(p.rearAxle, cy, p.wheelR, rim),
  ];
  return parts.join('');
}

function viewTransform(view: CarView, body: BodyStyle): string {
  const p = PROFILES[body];
  switch (view) {
    case 'side-left':
      return '';
    case 'side-right':
      return `matrix(-1 0 0 1 ${CAR_SVG_WIDTH} 0)`;
    case 'front-quarter':
      return `translate(800 ${GROUND}) matrix(0.84 -0.09 0 1 0 0) translate(-800 -${GROUND})`;
    case 'rear-quarter':
      return `translate(800 ${GROUND}) matrix(-0.84 0.09 0 1 0 0) translate(-800 -${GROUND})`;
    case 'wheel-detail':
      return `translate(800 560) scale(2.3) translate(${f(-p.frontAxle)} ${f(-(GROUND - p.wheelR - 50))})`;
    case 'overview':
      return `translate(160 176) scale(0.8)`;
  }
}

function background(scene: number): string {
  const s = SCENES[((scene % SCENES.length) + SCENES.length) % SCENES.length]!;
  const horizon = 640;
  const parts = [
    `<rect width="${CAR_SVG_WIDTH}" height="${horizon}" fill="url(#sky)"/>`,
    s.sun ? `<circle cx="${1210 - (scene % 3) * 280}" cy="170" r="70" fill="${s.sun}" fill-opacity="0.85"/>` : '',
    s.hills
      ? `<path d="M0 ${horizon}L0 520Q220 430 430 505T860 480T1290 500T1600 470L1600 ${horizon}Z" fill="${s.hills}"/>`
      : `<path d="M0 160H1600M0 320H1600M400 0V${horizon}M800 0V${horizon}M1200 0V${horizon}" stroke="#ffffff" stroke-width="6" stroke-opacity="0.7"/>`,
    `<rect y="${horizon}" width="${CAR_SVG_WIDTH}" height="${CAR_SVG_HEIGHT - horizon}" fill="url(#ground)"/>`,
    `<path d="M0 ${horizon + 36}H1600" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4"/>`,
  ];
  return parts.join('');
}

export function drawCarSvg(options: CarSvgOptions): string {
  const s = SCENES[((options.scene % SCENES.length) + SCENES.length) % SCENES.length]!;
  const color = options.bodyColor;
  const transform = viewTransform(options.view, options.body);
  const counter = options.index ? `${options.index.n} / ${options.index.of}` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAR_SVG_WIDTH}" height="${CAR_SVG_HEIGHT}" viewBox="0 0 ${CAR_SVG_WIDTH} ${CAR_SVG_HEIGHT}">` +
    `<title>${escapeXml(options.caption)}</title>` +
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient>` +
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.ground[0]}"/><stop offset="1" stop-color="${s.ground[1]}"/></linearGradient>` +
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(color, 0.3)}"/><stop offset="0.45" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, -0.35)}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5d7186"/><stop offset="0.6" stop-color="#27323e"/><stop offset="1" stop-color="#151b22"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.5"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    background(options.scene) +
    `<g${transform ? ` transform="${transform}"` : ''}>${carGroup(options.body, color)}</g>` +
    `<rect y="995" width="${CAR_SVG_WIDTH}" height="72" fill="#000000" fill-opacity="0.55"/>` +
    `<text x="48" y="1042" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#ffffff">${escapeXml(options.caption)}</text>` +
    (counter
      ? `<text x="1552" y="1042" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.85">${counter}</text>`
      : '') +
    `<text x="1552" y="52" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#ffffff" fill-opacity="0.8">Imagem ilustrativa</text>` +
    `</svg>\n`
  );
}
