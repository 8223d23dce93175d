// The pieces of an experiment export: CSV cells per RFC 4180 (with formula-like text defused),
// the object store's bounds, names and versions (an open object reads to its end whatever lands
// after it), and the flattening of a job's configuration into a run's parameters.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../main/emulator/core/errors';
import { csvCell, csvLine } from '../../../../main/emulator/areas/training/experiments/csv';
import { diskObjectStore, memoryObjectStore, type ObjectStore } from '../../../../main/emulator/areas/training/experiments/object-store';
import { flatten } from '../../../../main/emulator/areas/training/experiments/run-view';

async function* text(...parts: string[]) {
  yield* parts;
}

const nothing = () => {};

/** The object's text as `open` gives it, or '<none>'. */
async function collect(store: ObjectStore, bucket: string, path: string): Promise<string> {
  const opened = store.open(bucket, path);
  if (opened === null) return '<none>';
  const chunks: Buffer[] = [];
  for await (const c of opened.body) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks);
  expect(text.length).toBe(opened.size);
  return text.toString('utf8');
}

/** Each store, on disk in a folder of its own and in memory. */
const STORES: Array<[string, (dir: string) => ObjectStore]> = [
  ['on disk', (dir) => diskObjectStore(dir)],
  ['in memory', () => memoryObjectStore()],
];
async function withDir(f: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gpc-objects-'));
  try {
    await f(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
    expect(await store.write('bucket-a', 'x/y.csv', text('12345', '678'), nothing)).toMatchObject({ size: 8 });
    expect(await collect(store, 'bucket-a', 'x/y.csv')).toBe('12345678');
    // Replacing an object counts only the difference.
    await store.write('bucket-a', 'x/y.csv', text('1234567890'), nothing);
    const error = await store.write('bucket-a', 'other.csv', text('1'), nothing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('QUOTA_EXCEEDED');
    store.remove('bucket-a', 'x/y.csv');
    expect(store.open('bucket-a', 'x/y.csv')).toBeNull();
    await store.write('bucket-a', 'other.csv', text('1'), nothing);
    // Two writes that fit alone but not together: the second to land is refused.
    const both = memoryObjectStore(10);
    const results = await Promise.allSettled([
      both.write('b-1', 'a.csv', text('123456'), nothing),
      both.write('b-1', 'b.csv', text('123456'), nothing),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('writes files under <dataDir>/object-store/<bucket>/<path> and refuses unsafe names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-objects-'));
    try {
      const store = diskObjectStore(dir);
      const w = await store.write('ml-results', 'a/b.csv', text('h\r\n', '1\r\n'), nothing);
      expect(w).toEqual({ size: 6, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(await readFile(join(dir, 'object-store', 'ml-results', 'a', 'b.csv'), 'utf8')).toBe('h\r\n1\r\n');
      expect(await collect(store, 'ml-results', 'a/b.csv')).toBe('h\r\n1\r\n');
      expect(store.open('ml-results', 'missing.csv')).toBeNull();
      for (const [bucket, path] of [
        ['ml-results', '../escape.csv'],
        ['ml-results', 'a/../../b.csv'],
        ['ml-results', '/abs.csv'],
        ['..', 'x.csv'],
        ['Upper', 'x.csv'],
      ])
        await expect(store.write(bucket!, path!, text('x'), nothing)).rejects.toThrow('unsafe object name');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  for (const [where, storeIn] of STORES) {
    it(`${where}: an open object reads to its end, the length it gave, whatever is written or removed after`, () =>
      withDir(async (dir) => {
        const store = storeIn(dir);
        await store.write('ml-results', 'r.csv', text('first,version\r\n'.repeat(50_000)), nothing);
        const opened = store.open('ml-results', 'r.csv')!;
        await store.write('ml-results', 'r.csv', text('second\r\n'), nothing);
        const later = store.open('ml-results', 'r.csv')!;
        store.remove('ml-results', 'r.csv');
        const read = async (o: typeof opened) => {
          const chunks: Buffer[] = [];
          for await (const c of o.body) chunks.push(c as Buffer);
          return Buffer.concat(chunks).toString('utf8');
        };
        expect(opened.size).toBe(15 * 50_000);
        expect(await read(opened)).toBe('first,version\r\n'.repeat(50_000));
        expect(later.size).toBe(8);
        expect(await read(later)).toBe('second\r\n');
        expect(store.open('ml-results', 'r.csv')).toBeNull();
      }));

    it(`${where}: writes to one object at once each land whole, and commit in the turn their version lands`, () =>
      withDir(async (dir) => {
        const store = storeIn(dir);
        const seen: string[] = [];
        async function* slow(mark: string) {
          for (let i = 0; i < 200; i++) {
            yield `${mark}${i}\r\n`;
            await new Promise((r) => setImmediate(r));
          }
        }
        const expected = (mark: string) => Array.from({ length: 200 }, (_, i) => `${mark}${i}\r\n`).join('');
        await Promise.all(
          ['a', 'bb'].map((mark) =>
            store.write('ml-results', 'same.csv', slow(mark), (w) => {
              // What is there now is this version.
              const opened = store.open('ml-results', 'same.csv')!;
              expect(opened.size).toBe(w.size);
              opened.body.destroy();
              seen.push(mark);
            }),
          ),
        );
        expect(seen.sort()).toEqual(['a', 'bb']);
        expect([expected('a'), expected('bb')]).toContain(await collect(store, 'ml-results', 'same.csv'));
      }));

    it(`${where}: a path cannot be both an object and a folder of objects (400 on destination.path)`, () =>
      withDir(async (dir) => {
        const store = storeIn(dir);
        await store.write('ml-results', 'sweeps', text('x'), nothing);
        await store.write('ml-results', 'runs/lr.csv', text('y'), nothing);
        for (const path of ['sweeps/lr.csv', 'sweeps/deep/lr.csv', 'runs']) {
          const error = await store.write('ml-results', path, text('z'), nothing).catch((e: unknown) => e);
          expect(error, path).toBeInstanceOf(ApiError);
          expect((error as ApiError).details, path).toMatchObject({ field: 'destination.path' });
          expect((error as ApiError).status).toBe(400);
        }
        // A name of 255 characters is a file's name (with room for nothing more: no suffix is added).
        const long = `${'n'.repeat(251)}.csv`;
        expect((await store.write('ml-results', long, text('ok'), nothing)).size).toBe(2);
        expect(await collect(store, 'ml-results', long)).toBe('ok');
        // Another bucket or a sibling is another place.
        await store.write('other-bucket', 'sweeps/lr.csv', text('w'), nothing);
        await store.write('ml-results', 'sweeps2/lr.csv', text('w'), nothing);
      }));
  }
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
