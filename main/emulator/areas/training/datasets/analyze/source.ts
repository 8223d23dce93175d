// The bytes of a dataset version as the analysis reads them: its size, reads at any offset (a
// Parquet footer, a zip's central directory) and one pass from the start (JSONL, CSV, tar). A
// version is the ordered list of its blobs (one file for a single PUT, the parts of a multipart
// upload), never concatenated: reads span blob boundaries here.
import { open, type FileHandle } from 'node:fs/promises';

export interface ByteSource {
  readonly size: number;
  /** The one file on disk holding all the bytes, when there is exactly one (a library that opens files by path, as h5wasm does, reads it in place). */
  readonly path?: string;
  /** Bytes [offset, offset + length) (fewer only at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** The bytes in order from `start`, in chunks of at most `chunkBytes`. */
  stream(start?: number, chunkBytes?: number): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

const CHUNK = 1024 * 1024;

interface Piece {
  /** Offset of the piece's first byte in the whole. */
  at: number;
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** A source over pieces laid end to end. */
function piecewise(pieces: Piece[], close: () => Promise<void>, path?: string): ByteSource {
  const size = pieces.reduce((n, p) => n + p.size, 0);
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    const end = Math.min(size, offset + Math.max(0, length));
    if (offset >= end) return new Uint8Array(0);
    const out = new Uint8Array(end - offset);
    let filled = 0;
    for (const p of pieces) {
      if (p.at + p.size <= offset + filled || p.at >= end) continue;
      const from = offset + filled - p.at;
      const take = Math.min(p.size - from, end - (offset + filled));
      out.set(await p.read(from, take), filled);
      filled += take;
      if (offset + filled >= end) break;
    }
    return out;
  };
  return {
    size,
    ...(path === undefined ? {} : { path }),
    read,
    async *stream(start = 0, chunkBytes = CHUNK) {
      for (let at = start; at < size; at += chunkBytes) yield await read(at, chunkBytes);
    },
    close,
  };
}

/** The files of a version on disk, in order. */
export async function fileSource(paths: readonly string[]): Promise<ByteSource> {
  const handles: FileHandle[] = [];
  try {
    const pieces: Piece[] = [];
    let at = 0;
    for (const path of paths) {
      const h = await open(path, 'r');
      handles.push(h);
      const size = (await h.stat()).size;
      pieces.push({
        at,
        size,
        async read(offset, length) {
          const buf = Buffer.allocUnsafe(length);
          let got = 0;
          while (got < length) {
            const { bytesRead } = await h.read(buf, got, length - got, offset + got);
            if (bytesRead === 0) throw new Error('a dataset file is shorter than when it was stored');
            got += bytesRead;
          }
          return buf;
        },
      });
      at += size;
    }
    return piecewise(
      pieces,
      async () => {
        await Promise.all(handles.map((h) => h.close()));
      },
      paths.length === 1 ? paths[0] : undefined,
    );
  } catch (e) {
    await Promise.all(handles.map((h) => h.close()));
    throw e;
  }
}

/** Bytes in memory (chunks in order): an emulator without a data folder, and tests. */
export function bufferSource(chunks: readonly Uint8Array[]): ByteSource {
  let at = 0;
  const pieces = chunks.map((c) => {
    const p: Piece = { at, size: c.length, read: async (offset, length) => c.subarray(offset, offset + length) };
    at += c.length;
    return p;
  });
  return piecewise(pieces, async () => {});
}
