// The photos of the public-site fixtures (e2e/public-data.ts): small PNGs drawn here, so the
// fixtures need no image files and each photo looks different.
import { crc32, deflateSync } from 'node:zlib';

/** A small PNG: a sky-to-road gradient with a coloured car-like block, so each photo looks different. */
export function generatePng(width: number, height: number, hue: number): Buffer {
  const rows: Buffer[] = [];
  const car = hslToRgb(hue, 0.65, 0.45);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = y / height;
      let rgb: [number, number, number] = t < 0.62 ? [150 + 80 * t, 190 + 50 * t, 240] : [95, 100, 108];
      const inBody = y > height * 0.45 && y < height * 0.7 && x > width * 0.15 && x < width * 0.85;
      const inCabin = y > height * 0.33 && y <= height * 0.45 && x > width * 0.3 && x < width * 0.68;
      const wheel = [0.3, 0.7].some((cx) => Math.hypot(x - width * cx, y - height * 0.7) < height * 0.09);
      if (inBody || inCabin) rgb = car;
      if (wheel) rgb = [30, 30, 34];
      row[1 + x * 3] = rgb[0];
      row[2 + x * 3] = rgb[1];
      row[3 + x * 3] = rgb[2];
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
