#!/usr/bin/env node
// Draws build/icon.png (512×512, RGBA): a GPU chip with pins on a dark rounded square.
// Plain zlib + a hand-written PNG encoder, so the icon can be regenerated on any machine:
//   node build/make-icon.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const pixels = Buffer.alloc(SIZE * SIZE * 4);

const BACKGROUND = [18, 22, 28];
const CHIP = [118, 185, 0];
const DIE = [28, 34, 42];
const CORE = [160, 220, 60];

function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x >= right || y < top || y >= bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function colorAt(x, y) {
  if (!inRoundedRect(x, y, 16, 16, 496, 496, 96)) return null;
  // Pins: 5 per side, between the chip and the background's edge.
  const pin = (t) => t >= 156 && t < 156 + 5 * 44 && (t - 156) % 44 < 20;
  if (((y >= 96 && y < 136) || (y >= 376 && y < 416)) && pin(x)) return CHIP;
  if (((x >= 96 && x < 136) || (x >= 376 && x < 416)) && pin(y)) return CHIP;
  if (inRoundedRect(x, y, 136, 136, 376, 376, 24)) {
    if (!inRoundedRect(x, y, 164, 164, 348, 348, 12)) return CHIP;
    // The die: a 4×4 grid of cores.
    const gx = (x - 180) % 40;
    const gy = (y - 180) % 40;
    if (x >= 180 && x < 340 && y >= 180 && y < 340 && gx < 30 && gy < 30) return CORE;
    return DIE;
  }
  return BACKGROUND;
}

for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const color = colorAt(x, y);
    const i = (y * SIZE + x) * 4;
    if (color) {
      pixels[i] = color[0];
      pixels[i + 1] = color[1];
      pixels[i + 2] = color[2];
      pixels[i + 3] = 255;
    }
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  rows[y * (SIZE * 4 + 1)] = 0; // filter: none
  pixels.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
}
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon.png');
writeFileSync(out, png);
console.log(`Wrote ${path.relative(process.cwd(), out)} (${png.length} bytes).`);
