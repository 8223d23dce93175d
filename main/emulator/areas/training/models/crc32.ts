// CRC-32 (the zip polynomial) of long byte sequences without reading them: zlib's crc32_combine
// (the CRC of A‖B from those of A and B and B's length, by GF(2) matrix powers), so the CRC of a
// weight file — one 64 KiB block repeated to gigabytes (files.ts) — takes O(log n) work.
import { crc32 } from 'node:zlib';

function times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function square(out: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) out[n] = times(mat, mat[n]!);
}

/** CRC-32 of A‖B, given crc1 of A, crc2 of B and B's length in bytes (any safe integer). */
export function crc32Combine(crc1: number, crc2: number, len2: number): number {
  if (len2 <= 0) return crc1 >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let c = crc1 >>> 0;
  let len = len2;
  // Apply len2 zero bytes to crc1 (the first squaring gives one zero byte).
  for (;;) {
    square(even, odd);
    if (len % 2 === 1) c = times(even, c);
    len = Math.floor(len / 2);
    if (len === 0) break;
    square(odd, even);
    if (len % 2 === 1) c = times(odd, c);
    len = Math.floor(len / 2);
    if (len === 0) break;
  }
  return (c ^ crc2) >>> 0;
}

/** CRC-32 of `block` repeated `count` times. */
export function crc32Repeated(block: Buffer, count: number): number {
  let result = 0;
  let resultLen = 0;
  let power = crc32(block);
  let powerLen = block.length;
  for (let k = count; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) {
      result = resultLen === 0 ? power : crc32Combine(result, power, powerLen);
      resultLen += powerLen;
    }
    if (k > 1) {
      power = crc32Combine(power, power, powerLen);
      powerLen *= 2;
    }
  }
  return result >>> 0;
}
