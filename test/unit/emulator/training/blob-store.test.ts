// The dataset blob stores' staging (blob-store.ts): bytes received aside are under their key only
// once committed; a discard or a failed receive leaves the key as it was and nothing behind.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskBlobStore, memoryBlobStore, type BlobStore } from '../../../../main/emulator/areas/training/datasets/blob-store';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function* chunks(...parts: string[]): AsyncIterable<Buffer> {
  for (const p of parts) yield Buffer.from(p);
}

async function text(store: BlobStore, key: string): Promise<string> {
  const got: Buffer[] = [];
  for await (const c of store.read(key)) got.push(c);
  return Buffer.concat(got).toString();
}

const tooMany = (size: number) => new Error(`over: ${size}`);

const stores: Array<[string, () => Promise<BlobStore>]> = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'gpc-blobs-'));
      dirs.push(dir);
      return diskBlobStore(dir);
    },
  ],
  ['memory', async () => memoryBlobStore(100)],
];

describe.each(stores)('%s blob store', (kind, make) => {
  it('keeps what a key holds until a staged replacement is committed, and after a discard', async () => {
    const store = await make();
    const first = await store.stage('ds_a/u/part-00001', chunks('hello ', 'world'), 50, tooMany);
    expect(first.size).toBe(11);
    await expect(text(store, 'ds_a/u/part-00001')).rejects.toThrow();
    await first.commit();
    expect(await text(store, 'ds_a/u/part-00001')).toBe('hello world');

    const dropped = await store.stage('ds_a/u/part-00001', chunks('short'), 50, tooMany);
    expect(await text(store, 'ds_a/u/part-00001')).toBe('hello world');
    await dropped.discard();
    expect(await text(store, 'ds_a/u/part-00001')).toBe('hello world');

    await expect(store.stage('ds_a/u/part-00001', chunks('x'.repeat(30), 'y'.repeat(30)), 50, tooMany)).rejects.toThrow('over: 60');
    expect(await text(store, 'ds_a/u/part-00001')).toBe('hello world');

    const replaced = await store.stage('ds_a/u/part-00001', chunks('bye'), 50, tooMany);
    await replaced.commit();
    expect(await text(store, 'ds_a/u/part-00001')).toBe('bye');
    const path = store.pathOf('ds_a/u/part-00001');
    if (kind === 'disk') expect(await readdir(join(path!, '..'))).toEqual(['part-00001']);
    else expect(path).toBeNull();
  });
});

it('the memory store counts staged bytes against its bound until they are dropped', async () => {
  const store = memoryBlobStore(100);
  const held = await store.stage('ds_b/one', chunks('x'.repeat(60)), 100, tooMany);
  await expect(store.stage('ds_b/two', chunks('y'.repeat(60)), 100, tooMany)).rejects.toThrow('over');
  await held.discard();
  await (await store.stage('ds_b/two', chunks('y'.repeat(60)), 100, tooMany)).commit();
  await store.remove('ds_b');
  await (await store.stage('ds_b/three', chunks('z'.repeat(90)), 100, tooMany)).commit();
});
