// The pieces of an experiment export: CSV cells per RFC 4180 (with formula-like text defused),
// the object store's bounds and names, and the flattening of a job's configuration into a run's
// parameters.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../main/emulator/core/errors';
import { csvCell, csvLine } from '../../../../main/emulator/areas/training/experiments/csv';
import { diskObjectStore, memoryObjectStore } from '../../../../main/emulator/areas/training/experiments/object-store';
import { flatten } from '../../../../main/emulator/areas/training/experiments/run-view';

async function* text(...parts: string[]) {
  yield* parts;
}

async function collect(source: AsyncIterable<Buffer> | null): Promise<string> {
  if (source === null) return '<none>';
  const chunks: Buffer[] = [];
  for await (const c of source) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

describe('CSV cells (RFC 4180)', () => {
  it('quotes fields with commas, quotes, line breaks or edge spaces, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvLine(['a', 1, null, true, undefined, 2.5e-4])).toBe('a,1,,true,,0.00025\r\n');
  });

  it('writes numbers as numbers and defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=a,b')).toBe('"\'=a,b"');
  });
});

describe('object store', () => {
  it('keeps objects in memory up to its bound, answering QUOTA_EXCEEDED beyond', async () => {
    const store = memoryObjectStore(10);
    expect(await store.write('bucket-a', 'x/y.csv', text('12345', '678'))).toMatchObject({ size: 8 });
    expect(await collect(await store.read('bucket-a', 'x/y.csv'))).toBe('12345678');
    // Replacing an object counts only the difference.
    await store.write('bucket-a', 'x/y.csv', text('1234567890'));
    const error = await store.write('bucket-a', 'other.csv', text('1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('QUOTA_EXCEEDED');
    await store.remove('bucket-a', 'x/y.csv');
    expect(await store.read('bucket-a', 'x/y.csv')).toBeNull();
    await store.write('bucket-a', 'other.csv', text('1'));
  });

  it('writes files under <dataDir>/object-store/<bucket>/<path> and refuses unsafe names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-objects-'));
    try {
      const store = diskObjectStore(dir);
      const w = await store.write('ml-results', 'a/b.csv', text('h\r\n', '1\r\n'));
      expect(w).toEqual({ size: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(await readFile(join(dir, 'object-store', 'ml-results', 'a', 'b.csv'), 'utf8')).toBe('h\r\n1\r\n');
      expect(await collect(await store.read('ml-results', 'a/b.csv'))).toBe('h\r\n1\r\n');
      expect(await store.read('ml-results', 'missing.csv')).toBeNull();
      for (const [bucket, path] of [
        ['ml-results', '../escape.csv'],
        ['ml-results', 'a/../../b.csv'],
        ['ml-results', '/abs.csv'],
        ['..', 'x.csv'],
        ['Upper', 'x.csv'],
      ])
        await expect(store.write(bucket!, path!, text('x'))).rejects.toThrow('unsafe object name');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('run parameters', () => {
  it('flatten a configuration to dot keys, lists comma-joined', () => {
    expect(
      flatten({
        baseModel: 'llama-3-8b',
        parameters: { rank: 8, target_modules: ['q_proj', 'v_proj'] },
        training: { learning_rate: 2e-4, nested: { deep: true } },
        optimization: { mixed_precision: null },
      }),
    ).toEqual({
      baseModel: 'llama-3-8b',
      'parameters.rank': 8,
      'parameters.target_modules': 'q_proj,v_proj',
      'training.learning_rate': 2e-4,
      'training.nested.deep': true,
      'optimization.mixed_precision': null,
    });
  });
});
