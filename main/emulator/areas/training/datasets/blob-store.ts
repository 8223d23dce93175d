// Where uploaded dataset bytes live: files under `<dataDir>/datasets/` with a data folder, or in
// memory, bounded, without one (docs/decisions.md, Training: datasets). Keys are relative paths
// `<datasetId>/<name>`. Bytes are staged first and put under their key only when the caller has
// found them whole and valid, so a failed upload never touches what a key already holds.
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Bytes an emulator without a data folder keeps for all datasets together (staged bytes included). */
export const MEMORY_BLOBS_MAX = 256 * 1024 * 1024;

interface Written {
  size: number;
  sha256: string;
}

/** Bytes received and set aside: the key still holds what it held until `commit`. */
export interface Staged extends Written {
  /** Puts the bytes under their key, replacing what was there in one step. */
  commit(): Promise<void>;
  /** Drops the bytes; the key keeps what it had. */
  discard(): Promise<void>;
}

/** Refuses to go on: more bytes than allowed arrived (the error the caller answers with). */
type Overflow = (size: number) => Error;

export interface BlobStore {
  readonly kind: 'disk' | 'memory';
  /**
   * Streams `source` aside for `key`, hashing as it goes; `overflow` is thrown once more than
   * `max` bytes came. `also` is a hash the same bytes go through too (a whole file's, part by
   * part). When it throws, nothing of it is left.
   */
  stage(key: string, source: AsyncIterable<Buffer>, max: number, overflow: Overflow, also?: Hash): Promise<Staged>;
  read(key: string): AsyncIterable<Buffer>;
  /** Removes every blob under a prefix (a dataset's or an upload's folder). */
  remove(prefix: string): Promise<void>;
  /** Where a blob is on disk (tests check parts are files, not memory); null in memory. */
  pathOf(key: string): string | null;
}

const SAFE_KEY = /^[A-Za-z0-9_]+(\/[A-Za-z0-9_.-]+)*$/;
function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe blob key ${JSON.stringify(key)}`);
  return key;
}

async function* metered(
  source: AsyncIterable<Buffer>,
  max: number,
  overflow: Overflow,
  out: { size: number; hash: Hash },
  also: Hash | undefined,
) {
  for await (const chunk of source) {
    out.size += chunk.length;
    if (out.size > max) throw overflow(out.size);
    out.hash.update(chunk);
    also?.update(chunk);
    yield chunk;
  }
}

export function diskBlobStore(dataDir: string): BlobStore {
  const root = join(dataDir, 'datasets');
  const path = (key: string) => join(root, ...checkKey(key).split('/'));
  return {
    kind: 'disk',
    async stage(key, source, max, overflow, also) {
      const file = path(key);
      await mkdir(join(file, '..'), { recursive: true });
      // Its own name per request: two requests for one key never share a file; `*.partial` is
      // what a folder shows while bytes arrive.
      const temporary = `${file}.${randomUUID()}.partial`;
      const discard = () => rm(temporary, { force: true });
      const out = { size: 0, hash: createHash('sha256') };
      try {
        await pipeline(metered(source, max, overflow, out, also), createWriteStream(temporary, { mode: 0o600 }));
      } catch (e) {
        await discard();
        throw e;
      }
      // rename replaces the file under the key atomically: a reader sees the old or the new bytes.
      return { size: out.size, sha256: out.hash.digest('hex'), commit: () => rename(temporary, file), discard };
    },
    read: (key) => createReadStream(path(key), { highWaterMark: 1024 * 1024 }),
    async remove(prefix) {
      await rm(path(prefix), { recursive: true, force: true });
    },
    pathOf: path,
  };
}

export function memoryBlobStore(limit = MEMORY_BLOBS_MAX): BlobStore {
  const blobs = new Map<string, Buffer[]>();
  /** Bytes held: stored blobs and staged ones (counted as they arrive, so stagings at once stay within the limit). */
  let held = 0;
  const sizeOf = (chunks: Buffer[]) => chunks.reduce((n, c) => n + c.length, 0);
  return {
    kind: 'memory',
    async stage(key, source, max, overflow, also) {
      checkKey(key);
      const out = { size: 0, hash: createHash('sha256') };
      let chunks: Buffer[] | null = [];
      let counted = 0;
      const release = () => {
        held -= counted;
        counted = 0;
        chunks = null;
      };
      try {
        for await (const chunk of metered(source, max, overflow, out, also)) {
          // What is held for all datasets is bounded too: the caller's overflow answers it.
          if (held + chunk.length > limit) throw overflow(out.size);
          held += chunk.length;
          counted += chunk.length;
          chunks.push(Buffer.from(chunk));
        }
      } catch (e) {
        release();
        throw e;
      }
      return {
        size: out.size,
        sha256: out.hash.digest('hex'),
        async commit() {
          if (chunks === null) throw new Error(`blob ${key} was committed or discarded already`);
          held -= sizeOf(blobs.get(key) ?? []);
          blobs.set(key, chunks);
          counted = 0;
          chunks = null;
        },
        async discard() {
          release();
        },
      };
    },
    async *read(key) {
      // A missing blob is an error, as a missing file is on disk (never an empty read).
      const chunks = blobs.get(key);
      if (chunks === undefined) throw new Error(`no blob ${key}`);
      yield* chunks;
    },
    async remove(prefix) {
      for (const [key, chunks] of blobs)
        if (key === prefix || key.startsWith(`${prefix}/`)) {
          held -= sizeOf(chunks);
          blobs.delete(key);
        }
    },
    pathOf: () => null,
  };
}
