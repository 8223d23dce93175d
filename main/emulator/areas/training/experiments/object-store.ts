// The object store exports are written to (`destination {type: object_store, bucket, path}`):
// files under `<dataDir>/object-store/<bucket>/<path>` with a data folder, else in memory,
// bounded. Bucket and path are checked by the request schema (no `..`, no leading slash, bounded
// lengths) and again here.
//
// Each write is a new version: generated into a file of its own (or chunks of its own), then made
// the object in one step. The step and the caller's `commit` (its records) happen in one turn of
// the event loop, and so do a reader's look at the records and its `open`; an open version is
// read to its end whatever lands after it (a rename or unlink leaves an open file as it was, and
// memory keeps the chunks a reader holds). So a download always sends one whole version, the
// length it announced (docs/decisions.md, Training: experiments — export).
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fstatSync, openSync, renameSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKET_PATTERN, objectPathProblem } from '../../../../../shared/api/training/experiments';
import type { EmulatorContext } from '../../../core/context';
import { ApiError } from '../../../core/errors';
import { randomBase62 } from '../../../core/ids';
import { objectPathRefused } from './errors';

/** Bytes an emulator without a data folder keeps for all exports together. */
const MEMORY_OBJECTS_MAX = 64 * 1024 * 1024;

export interface Written {
  size: number;
  sha256: string;
}

export interface ObjectStore {
  /**
   * Streams the text into a new version of the object, makes it the object, and calls `commit`
   * in that same turn of the event loop; answers its size and SHA-256.
   */
  write(bucket: string, path: string, source: AsyncIterable<string>, commit: (written: Written) => void): Promise<Written>;
  /**
   * The object as it is now: its size and a stream of exactly those bytes, which later writes and
   * removes do not change; null when there is none. Synchronous, so a caller checks its records
   * and opens in one turn.
   */
  open(bucket: string, path: string): { size: number; body: Readable } | null;
  /** Removes the object (a read under way finishes). Synchronous like `open`. */
  remove(bucket: string, path: string): void;
}

/** Whether a name may reach the store: a write of another throws; an open or remove (of a record from an old snapshot) finds nothing. */
const safe = (bucket: string, path: string) => BUCKET_PATTERN.test(bucket) && objectPathProblem(path) === null;
function check(bucket: string, path: string): void {
  if (!safe(bucket, path)) throw new Error('unsafe object name');
}

async function* encoded(source: AsyncIterable<string>, out: { size: number; hash: ReturnType<typeof createHash> }) {
  for await (const text of source) {
    const chunk = Buffer.from(text, 'utf8');
    out.size += chunk.length;
    out.hash.update(chunk);
    yield chunk;
  }
}

/** A path whose place the store cannot take: an object where a folder of others is, or the reverse. */
function conflict(bucket: string, path: string): ApiError {
  return objectPathRefused(
    `${bucket}/${path} cannot be both an object and a folder of objects: an object is at or inside it already; choose another path`,
  );
}

/** File-system errors a path (not the machine) causes: they answer 400 on the path, never 500. */
const PATH_ERRORS = new Set(['ENOTDIR', 'EEXIST', 'EISDIR', 'ENOTEMPTY']);
function pathError(e: unknown, bucket: string, path: string): unknown {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  if (PATH_ERRORS.has(code)) return conflict(bucket, path);
  if (code === 'ENAMETOOLONG')
    return objectPathRefused(`${bucket}/${path} is too long for this machine's file system; choose a shorter path`);
  return e;
}

/** @internal Exported for its tests only. */
export function diskObjectStore(dataDir: string): ObjectStore {
  const root = join(dataDir, 'object-store');
  // Versions being written; no bucket name starts with a dot. What a crash left there is dropped.
  const partials = join(root, '.partial');
  rmSync(partials, { recursive: true, force: true });
  const file = (bucket: string, path: string) => (check(bucket, path), join(root, bucket, ...path.split('/')));
  return {
    async write(bucket, path, source, commit) {
      const target = file(bucket, path);
      try {
        await mkdir(dirname(target), { recursive: true });
        await mkdir(partials, { recursive: true });
      } catch (e) {
        throw pathError(e, bucket, path);
      }
      const partial = join(partials, randomBase62(20));
      const out = { size: 0, hash: createHash('sha256') };
      try {
        await pipeline(Readable.from(encoded(source, out)), createWriteStream(partial, { mode: 0o600 }));
        const written = { size: out.size, sha256: out.hash.digest('hex') };
        // One turn: the version becomes the object and the records say so.
        renameSync(partial, target);
        commit(written);
        return written;
      } catch (e) {
        await rm(partial, { force: true });
        throw pathError(e, bucket, path);
      }
    },
    open(bucket, path) {
      if (!safe(bucket, path)) return null;
      const target = file(bucket, path);
      let fd: number;
      try {
        fd = openSync(target, 'r');
      } catch {
        return null;
      }
      const s = fstatSync(fd);
      if (!s.isFile()) {
        closeSync(fd);
        return null;
      }
      // Read from the open file, not the name: a new version renamed over it changes nothing here.
      return { size: s.size, body: createReadStream(target, { fd, highWaterMark: 256 * 1024 }) };
    },
    remove(bucket, path) {
      if (safe(bucket, path)) rmSync(file(bucket, path), { force: true });
    },
  };
}

/** @internal Exported for its tests only. */
export function memoryObjectStore(limit = MEMORY_OBJECTS_MAX): ObjectStore {
  // A version's chunks are never changed: a write stores new ones.
  const objects = new Map<string, readonly Buffer[]>();
  const key = (bucket: string, path: string) => (check(bucket, path), `${bucket}/${path}`);
  const sizeOf = (chunks: readonly Buffer[]) => chunks.reduce((n, c) => n + c.length, 0);
  const held = () => [...objects.values()].reduce((n, chunks) => n + sizeOf(chunks), 0);
  // The same refusal as on disk: a path cannot be an object and hold objects.
  const placeable = (k: string) => {
    const names = k.split('/');
    for (let i = 2; i < names.length; i++) if (objects.has(names.slice(0, i).join('/'))) return false;
    for (const other of objects.keys()) if (other.startsWith(`${k}/`)) return false;
    return true;
  };
  return {
    async write(bucket, path, source, commit) {
      const k = key(bucket, path);
      if (!placeable(k)) throw conflict(bucket, path);
      const out = { size: 0, hash: createHash('sha256') };
      const chunks: Buffer[] = [];
      // The room besides this object's present version (which the new one replaces).
      const roomFor = () => limit - held() + sizeOf(objects.get(k) ?? []);
      const quota = (room: number) =>
        new ApiError(400, 'QUOTA_EXCEEDED', `The in-memory object store holds at most ${limit} bytes`, {
          currentUsage: limit - room,
          quotaLimit: limit,
          requestedSize: out.size,
        });
      const room = roomFor();
      for await (const chunk of encoded(source, out)) {
        if (out.size > room) throw quota(room);
        chunks.push(chunk);
      }
      // Other writes may have landed while this one was generated.
      if (!placeable(k)) throw conflict(bucket, path);
      if (out.size > roomFor()) throw quota(roomFor());
      const written = { size: out.size, sha256: out.hash.digest('hex') };
      objects.set(k, chunks);
      commit(written);
      return written;
    },
    open(bucket, path) {
      const chunks = objects.get(`${bucket}/${path}`);
      return chunks === undefined ? null : { size: sizeOf(chunks), body: Readable.from(chunks) };
    },
    remove(bucket, path) {
      objects.delete(`${bucket}/${path}`);
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
