// The bytes of a model file, read by range (docs/decisions.md, Training: models — downloads):
// a JSON file's text, or a weight file's 64 KiB block repeated to its size (files.ts). Nothing
// holds a whole file: a range is produced in chunks of at most CHUNK_BYTES.
import { crc32 } from 'node:zlib';
import { crc32Combine, crc32Repeated } from './crc32';
import { BLOCK_BYTES, blockBytes, blockOf } from './files';

const CHUNK_BYTES = 1024 * 1024;

export interface Content {
  readonly size: number;
  /** Bytes [start, end), end − start at most CHUNK_BYTES. */
  slice(start: number, end: number): Buffer;
  crc32(): number;
}

export function bufferContent(bytes: Buffer): Content {
  return { size: bytes.length, slice: (start, end) => bytes.subarray(start, end), crc32: () => crc32(bytes) };
}

export function blockContent(contentKey: string, name: string, size: number): Content {
  let block: Buffer | null = null;
  const blk = () => (block ??= blockOf(contentKey, name));
  return {
    size,
    slice: (start, end) => blockBytes(blk(), start, end),
    crc32: () => {
      const full = Math.floor(size / BLOCK_BYTES);
      const tail = size - full * BLOCK_BYTES;
      const head = full === 0 ? 0 : crc32Repeated(blk(), full);
      return tail === 0 ? head : crc32Combine(head, crc32(blk().subarray(0, tail)), tail);
    },
  };
}

/** Several contents one after another, as one (a zip: headers and files). */
export function concatContent(parts: readonly Content[]): Content {
  const starts: number[] = [];
  let size = 0;
  for (const p of parts) {
    starts.push(size);
    size += p.size;
  }
  return {
    size,
    slice: (start, end) => {
      const out: Buffer[] = [];
      for (let i = 0; i < parts.length && start < end; i++) {
        const s = starts[i]!;
        const p = parts[i]!;
        if (start >= s + p.size) continue;
        const to = Math.min(end, s + p.size);
        out.push(p.slice(start - s, to - s));
        start = to;
      }
      return out.length === 1 ? out[0]! : Buffer.concat(out);
    },
    crc32: () => {
      throw new Error('no CRC of a concatenation is needed');
    },
  };
}

/** Bytes [start, end) of a content, chunk by chunk. */
export function* chunksOf(content: Content, start = 0, end = content.size): Generator<Buffer> {
  for (let at = start; at < end; at += CHUNK_BYTES) yield content.slice(at, Math.min(end, at + CHUNK_BYTES));
}
