// The files of a registered model (docs/decisions.md, Training: jobs — model files): JSON files
// carry real JSON; weight files are deterministic bytes (a 64 KiB block from SHA-256 in counter
// mode over the model id and file name, repeated to the size), so a download can serve them and
// their checksums match. A file up to one 8 MiB part has `sha256:<hex>` of its bytes; a larger
// one `sha256-parts:<hex>-<parts>`, the SHA-256 of its parts' SHA-256 digests (the S3 multipart
// ETag scheme): every full part of a weight file is the same bytes, so a checksum costs at most
// two parts of hashing.
import { createHash } from 'node:crypto';

export const BLOCK_BYTES = 64 * 1024;
const PART_BYTES = 8 * 1024 * 1024;

export type ModelFileContent = { kind: 'json'; text: string } | { kind: 'blocks'; size: number };

export interface ModelFileSpec {
  name: string;
  type: string;
  content: ModelFileContent;
}

export const sizeOf = (c: ModelFileContent) => (c.kind === 'json' ? Buffer.byteLength(c.text) : c.size);

/** The repeated block of a weight file. */
export function blockOf(modelId: string, name: string): Buffer {
  const out = Buffer.alloc(BLOCK_BYTES);
  for (let i = 0, off = 0; off < BLOCK_BYTES; i++, off += 32)
    createHash('sha256').update(`${modelId}/${name}/${i}`).digest().copy(out, off);
  return out;
}

/** Bytes [start, end) of a weight file. */
export function blockBytes(block: Buffer, start: number, end: number): Buffer {
  const out = Buffer.alloc(end - start);
  for (let at = start; at < end;) {
    const off = at % BLOCK_BYTES;
    const n = Math.min(BLOCK_BYTES - off, end - at);
    block.copy(out, at - start, off, off + n);
    at += n;
  }
  return out;
}

export function checksumOf(modelId: string, file: ModelFileSpec): string {
  const c = file.content;
  if (c.kind === 'json') return `sha256:${createHash('sha256').update(c.text).digest('hex')}`;
  const block = blockOf(modelId, file.name);
  if (c.size <= PART_BYTES)
    return `sha256:${createHash('sha256')
      .update(blockBytes(block, 0, c.size))
      .digest('hex')}`;
  const parts = Math.ceil(c.size / PART_BYTES);
  const full = createHash('sha256')
    .update(blockBytes(block, 0, PART_BYTES))
    .digest();
  const lastSize = c.size - (parts - 1) * PART_BYTES;
  const last =
    lastSize === PART_BYTES
      ? full
      : createHash('sha256')
          .update(blockBytes(block, 0, lastSize))
          .digest();
  const all = createHash('sha256');
  for (let i = 0; i < parts - 1; i++) all.update(full);
  all.update(last);
  return `sha256-parts:${all.digest('hex')}-${parts}`;
}
