// The object store exports are written to (`destination {type: object_store, bucket, path}`):
// files under `<dataDir>/object-store/<bucket>/<path>` with a data folder (written to a
// `.partial` file as generated, renamed when whole), else in memory, bounded. Bucket and path
// are checked by the request schema (no `..`, no leading slash) and again here.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKET_PATTERN, OBJECT_PATH_PATTERN } from '../../../../../shared/api/training/experiments';
import type { EmulatorContext } from '../../../core/context';
import { ApiError } from '../../../core/errors';

/** Bytes an emulator without a data folder keeps for all exports together. */
export const MEMORY_OBJECTS_MAX = 64 * 1024 * 1024;

export interface ObjectStore {
  /** Streams the text into the object; answers its size and SHA-256. */
  write(bucket: string, path: string, source: AsyncIterable<string>): Promise<{ size: number; sha256: string }>;
  /** The object's bytes, or null when there is none. */
  read(bucket: string, path: string): Promise<AsyncIterable<Buffer> | null>;
  remove(bucket: string, path: string): Promise<void>;
}

function check(bucket: string, path: string): void {
  if (!BUCKET_PATTERN.test(bucket) || !OBJECT_PATH_PATTERN.test(path)) throw new Error('unsafe object name');
}

async function* encoded(source: AsyncIterable<string>, out: { size: number; hash: ReturnType<typeof createHash> }) {
  for await (const text of source) {
    const chunk = Buffer.from(text, 'utf8');
    out.size += chunk.length;
    out.hash.update(chunk);
    yield chunk;
  }
}

export function diskObjectStore(dataDir: string): ObjectStore {
  const root = join(dataDir, 'object-store');
  const file = (bucket: string, path: string) => (check(bucket, path), join(root, bucket, ...path.split('/')));
  return {
    async write(bucket, path, source) {
      const target = file(bucket, path);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      const out = { size: 0, hash: createHash('sha256') };
      try {
        await pipeline(Readable.from(encoded(source, out)), createWriteStream(partial, { mode: 0o600 }));
      } catch (e) {
        await rm(partial, { force: true });
        throw e;
      }
      await rename(partial, target);
      return { size: out.size, sha256: out.hash.digest('hex') };
    },
    async read(bucket, path) {
      const target = file(bucket, path);
      const s = await stat(target).catch(() => null);
      return s?.isFile() ? createReadStream(target, { highWaterMark: 256 * 1024 }) : null;
    },
    async remove(bucket, path) {
      await rm(file(bucket, path), { force: true });
    },
  };
}

export function memoryObjectStore(limit = MEMORY_OBJECTS_MAX): ObjectStore {
  const objects = new Map<string, Buffer[]>();
  const key = (bucket: string, path: string) => (check(bucket, path), `${bucket}/${path}`);
  const held = () => [...objects.values()].reduce((n, chunks) => n + chunks.reduce((m, c) => m + c.length, 0), 0);
  return {
    async write(bucket, path, source) {
      const k = key(bucket, path);
      const out = { size: 0, hash: createHash('sha256') };
      const chunks: Buffer[] = [];
      const room = limit - held() + (objects.get(k)?.reduce((n, c) => n + c.length, 0) ?? 0);
      for await (const chunk of encoded(source, out)) {
        if (out.size > room)
          throw new ApiError(400, 'QUOTA_EXCEEDED', `The in-memory object store holds at most ${limit} bytes`, {
            currentUsage: limit - room,
            quotaLimit: limit,
            requestedSize: out.size,
          });
        chunks.push(chunk);
      }
      objects.set(k, chunks);
      return { size: out.size, sha256: out.hash.digest('hex') };
    },
    async read(bucket, path) {
      const chunks = objects.get(key(bucket, path));
      return chunks === undefined ? null : Readable.from(chunks);
    },
    async remove(bucket, path) {
      objects.delete(key(bucket, path));
    },
  };
}

const stores = new WeakMap<EmulatorContext, ObjectStore>();

export function objectStoreOf(ctx: EmulatorContext): ObjectStore {
  let store = stores.get(ctx);
  if (store === undefined) {
    store = ctx.dataDir === null ? memoryObjectStore() : diskObjectStore(ctx.dataDir);
    stores.set(ctx, store);
  }
  return store;
}
