// The pure parts of model downloads and comparison (docs/decisions.md, Training: models): CRC-32
// of long repeated content without reading it, the zip layout (ZIP64 included), ranges, version
// precedence, and benchmark scores that rise as the validation loss falls.
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareVersions, nextMinorVersion, VERSION_PATTERN } from '../../../../shared/api/training/models-actions';
import { benchmarkScore, type Comparable } from '../../../../main/emulator/areas/training/models/compare';
import { blockContent, bufferContent, chunksOf } from '../../../../main/emulator/areas/training/models/content';
import { crc32Combine, crc32Repeated } from '../../../../main/emulator/areas/training/models/crc32';
import { rangeOf } from '../../../../main/emulator/areas/training/models/download-host';
import { BLOCK_BYTES } from '../../../../main/emulator/areas/training/models/files';
import { zipArchive } from '../../../../main/emulator/areas/training/models/zip';

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 17) & 0xff));

describe('CRC-32 without reading', () => {
  it('combines like the CRC of the concatenation', () => {
    for (const [a, b] of [
      [0, 5],
      [7, 0],
      [1, 1],
      [100, 1000],
      [65_537, 3],
    ] as const) {
      const x = bytes(a, 1);
      const y = bytes(b, 2);
      expect(crc32Combine(crc32(x), crc32(y), y.length)).toBe(crc32(Buffer.concat([x, y])));
    }
  });

  it('repeats a block any number of times', () => {
    const block = bytes(1000, 3);
    for (const n of [1, 2, 3, 7, 16, 33]) expect(crc32Repeated(block, n)).toBe(crc32(Buffer.concat(Array(n).fill(block))));
  });

  it('gives a weight file’s CRC as reading it would', () => {
    for (const size of [10, BLOCK_BYTES, 3 * BLOCK_BYTES + 12_345]) {
      const c = blockContent('model_x', 'w.safetensors', size);
      let crc = 0;
      let read = 0;
      for (const chunk of chunksOf(c)) {
        crc = crc32(chunk, crc);
        read += chunk.length;
      }
      expect(read).toBe(size);
      expect(c.crc32()).toBe(crc);
    }
  });
});

describe('zip archive', () => {
  it('lays out STOREd entries with CRCs, names and sizes in local and central records', () => {
    const a = bufferContent(Buffer.from('{"a":1}'));
    const b = blockContent('k', 'w.bin', 70_000);
    const zip = zipArchive(
      [
        { name: 'config.json', content: a },
        { name: 'w.bin', content: b },
      ],
      Date.UTC(2026, 5, 1, 12, 0, 0),
    );
    const all = Buffer.concat([...chunksOf(zip)]);
    expect(all.length).toBe(zip.size);
    expect(all.readUInt32LE(0)).toBe(0x04034b50);
    expect(all.readUInt32LE(14)).toBe(crc32('{"a":1}'));
    const end = all.length - 22;
    expect(all.readUInt32LE(end)).toBe(0x06054b50);
    expect(all.readUInt16LE(end + 10)).toBe(2);
    const cd = all.readUInt32LE(end + 16);
    expect(all.readUInt32LE(cd)).toBe(0x02014b50);
    const second = cd + 46 + 'config.json'.length;
    expect(all.subarray(second + 46, second + 46 + 5).toString()).toBe('w.bin');
    expect(all.readUInt32LE(second + 16)).toBe(b.crc32());
    expect(all.readUInt32LE(second + 24)).toBe(70_000);
    // DOS date 2026-06-01, 12:00:00.
    expect(all.readUInt16LE(12)).toBe(((2026 - 1980) << 9) | (6 << 5) | 1);
    expect(all.readUInt16LE(10)).toBe(12 << 11);
  });

  it('switches to ZIP64 records for an entry of 4 GiB or more (read from the tail only)', () => {
    const size = 5 * 1024 ** 3 + 7;
    const zip = zipArchive([{ name: 'big.bin', content: blockContent('k', 'big.bin', size) }], Date.UTC(2026, 0, 1));
    const local = zip.slice(0, 30 + 7 + 20);
    expect(local.readUInt32LE(18)).toBe(0xffffffff);
    expect(local.readUInt16LE(28)).toBe(20);
    expect(local.readBigUInt64LE(37 + 4)).toBe(BigInt(size));
    const tailLen = 46 + 7 + 20 + 56 + 20 + 22;
    const tail = zip.slice(zip.size - tailLen, zip.size);
    expect(zip.size).toBe(30 + 7 + 20 + size + tailLen);
    expect(tail.readUInt32LE(0)).toBe(0x02014b50);
    expect(tail.readUInt32LE(24)).toBe(0xffffffff);
    expect(tail.readBigUInt64LE(46 + 7 + 4)).toBe(BigInt(size));
    const rec = 46 + 7 + 20;
    expect(tail.readUInt32LE(rec)).toBe(0x06064b50);
    expect(tail.readBigUInt64LE(rec + 48)).toBe(BigInt(30 + 7 + 20 + size));
    expect(tail.readUInt32LE(rec + 56)).toBe(0x07064b50);
    expect(tail.readBigUInt64LE(rec + 56 + 8)).toBe(BigInt(30 + 7 + 20 + size + 46 + 7 + 20));
    expect(tail.readUInt32LE(tailLen - 22)).toBe(0x06054b50);
    expect(tail.readUInt32LE(tailLen - 22 + 16)).toBe(0xffffffff);
  });
});

describe('ranges', () => {
  it('reads one byte range, the whole for anything else, unsatisfiable past the end', () => {
    expect(rangeOf(undefined, 100)).toBeNull();
    expect(rangeOf('bytes=0-9', 100)).toEqual({ start: 0, end: 10 });
    expect(rangeOf('bytes=90-', 100)).toEqual({ start: 90, end: 100 });
    expect(rangeOf('bytes=90-500', 100)).toEqual({ start: 90, end: 100 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ start: 90, end: 100 });
    expect(rangeOf('bytes=-500', 100)).toEqual({ start: 0, end: 100 });
    expect(rangeOf('bytes=0-1,5-6', 100)).toBeNull();
    expect(rangeOf('bytes=9-1', 100)).toBeNull();
    expect(rangeOf('items=0-1', 100)).toBeNull();
    expect(rangeOf('bytes=100-', 100)).toBe('unsatisfiable');
    expect(rangeOf('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('versions', () => {
  it('accepts semantic versions with an optional v and orders them by precedence', () => {
    for (const v of ['v1.0.0', '1.2.3', 'v2.0.0-rc.1', 'v0.0.1-alpha']) expect(VERSION_PATTERN.test(v), v).toBe(true);
    for (const v of ['1.2', 'v1', 'v01.0.0', '1.0.0+build', 'latest', 'v1.0.0-']) expect(VERSION_PATTERN.test(v), v).toBe(false);
    const sorted = [
      'v1.0.0',
      '1.0.0-alpha',
      'v1.0.0-alpha.1',
      'v1.0.0-beta',
      'v1.0.0-beta.2',
      'v1.0.0-beta.11',
      'v1.0.0-rc.1',
      'v0.9.9',
      'v1.10.0',
      'v1.2.0',
    ];
    expect([...sorted].sort(compareVersions)).toEqual([
      'v0.9.9',
      '1.0.0-alpha',
      'v1.0.0-alpha.1',
      'v1.0.0-beta',
      'v1.0.0-beta.2',
      'v1.0.0-beta.11',
      'v1.0.0-rc.1',
      'v1.0.0',
      'v1.2.0',
      'v1.10.0',
    ]);
    expect(compareVersions('v1.1.0', '1.1.0')).toBe(0);
  });

  it('numbers an unnumbered new version as the next minor, newer than the latest', () => {
    for (const [latest, next] of [
      ['v1.2.0', 'v1.3.0'],
      ['1.9.4', '1.10.0'],
      ['v2.0.0-rc.1', 'v2.1.0'],
    ] as const) {
      expect(nextMinorVersion(latest)).toBe(next);
      expect(compareVersions(next, latest)).toBeGreaterThan(0);
    }
  });
});

describe('benchmark scores', () => {
  const model = (validationLoss: number, parameters = 8e9): Comparable => ({
    id: 'model_a',
    name: 'a',
    version: 'v1.0.0',
    type: 'llm',
    contentKey: 'model_a',
    parameters,
    bytes: 1,
    finalLoss: validationLoss,
    bestLoss: validationLoss,
    validationLoss,
    accuracy: null,
    perplexity: null,
    trainingTime: null,
    archived: false,
  });

  it('fall as the validation loss rises, rise with size, stay within chance and ceiling, and skip other types', () => {
    for (const b of ['mmlu', 'hellaswag', 'arc_challenge', 'truthfulqa', 'gsm8k', 'humaneval'] as const) {
      let previous = Infinity;
      for (let loss = 0.4; loss <= 3; loss += 0.2) {
        const s = benchmarkScore(model(loss), b)!;
        expect(s).toBeLessThan(previous);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        previous = s;
      }
      expect(benchmarkScore(model(1.2, 70e9), b)!).toBeGreaterThan(benchmarkScore(model(1.2, 1e9), b)!);
      expect(benchmarkScore(model(1.2), b)).toBe(benchmarkScore(model(1.2), b));
    }
    expect(benchmarkScore(model(1.2), 'imagenet_top1')).toBeNull();
  });
});
