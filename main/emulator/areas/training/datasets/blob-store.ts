// Where uploaded dataset bytes live: files under `<dataDir>/datasets/` with a data folder
// (written as they arrive, renamed into place when whole), or in memory, bounded, without one
// (docs/decisions.md, Training: datasets). Keys are relative paths `<datasetId>/<name>`.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Bytes an emulator without a data folder keeps for all datasets together. */
export const MEMORY_BLOBS_MAX = 256 * 1024 * 1024;

export interface Written {
  size: number;
  sha256: string;
}

/** Refuses to go on: more bytes than allowed arrived (the error the caller answers with). */
export type Overflow = (size: number) => Error;

export interface BlobStore {
  readonly kind: 'disk' | 'memory';
  /**
   * Streams `source` into `key`, hashing as it goes; `overflow` is thrown once more than `max`
   * bytes came. `also` is a hash the same bytes go through too (a whole file's, part by part).
   */
  write(key: string, source: AsyncIterable<Buffer>, max: number, overflow: Overflow, also?: Hash): Promise<Written>;
  read(key: string): AsyncIterable<Buffer>;
  /** Removes every blob under a prefix (a dataset's folder). */
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
    async write(key, source, max, overflow, also) {
      const file = path(key);
      await mkdir(join(file, '..'), { recursive: true });
      const temporary = `${file}.partial`;
      const out = { size: 0, hash: createHash('sha256') };
      try {
        await pipeline(metered(source, max, overflow, out, also), createWriteStream(temporary, { mode: 0o600 }));
      } catch (e) {
        await rm(temporary, { force: true });
        throw e;
      }
      await rename(temporary, file);
      return { size: out.size, sha256: out.hash.digest('hex') };
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
  let held = 0;
  const sizeOf = (chunks: Buffer[]) => chunks.reduce((n, c) => n + c.length, 0);
  return {
    kind: 'memory',
    async write(key, source, max, overflow, also) {
      checkKey(key);
      const out = { size: 0, hash: createHash('sha256') };
      const chunks: Buffer[] = [];
      const previous = sizeOf(blobs.get(key) ?? []);
      // What is held for all datasets is bounded too: the caller's overflow answers it.
      const room = Math.min(max, limit - held + previous);
      try {
        for await (const chunk of metered(source, room, overflow, out, also)) chunks.push(Buffer.from(chunk));
      } catch (e) {
        chunks.length = 0;
        throw e;
      }
      held += out.size - previous;
      blobs.set(key, chunks);
      return { size: out.size, sha256: out.hash.digest('hex') };
    },
    async *read(key) {
      yield* blobs.get(key) ?? [];
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
