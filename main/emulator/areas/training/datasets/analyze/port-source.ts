// A version held in memory (an emulator without a data folder), read by the analysis worker
// through a message port: the worker asks for byte ranges, main answers from the blob store.
// Nothing is copied whole into the worker; each answer is one bounded range.
import type { MessagePort } from 'node:worker_threads';
import type { ByteSource } from './source';

interface ReadRequest {
  id: number;
  offset: number;
  length: number;
}
type ReadReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** Most bytes one request may ask for. */
const MAX_READ = 8 * 1024 * 1024;

/** Main's side: answers the worker's reads from `source` until the port closes. */
export function servePort(port: MessagePort, source: ByteSource): void {
  port.on('message', (m: ReadRequest) => {
    source.read(m.offset, Math.min(m.length, MAX_READ)).then(
      (bytes) => port.postMessage({ id: m.id, bytes } satisfies ReadReply),
      (e: unknown) => port.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) } satisfies ReadReply),
    );
  });
}

/** The worker's side: a ByteSource whose reads are asked of main. */
export function portSource(port: MessagePort, size: number): ByteSource {
  let next = 0;
  const pending = new Map<number, { resolve(b: Uint8Array): void; reject(e: Error): void }>();
  port.on('message', (m: ReadReply) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if ('error' in m) p?.reject(new Error(m.error));
    else p?.resolve(m.bytes);
  });
  const readOnce = (offset: number, length: number) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      port.postMessage({ id, offset, length } satisfies ReadRequest);
    });
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    const end = Math.min(size, offset + length);
    if (end - offset <= MAX_READ) return readOnce(offset, end - offset);
    const out = new Uint8Array(end - offset);
    for (let at = offset; at < end; at += MAX_READ) out.set(await readOnce(at, Math.min(MAX_READ, end - at)), at - offset);
    return out;
  };
  return {
    size,
    read,
    async *stream(start = 0, chunkBytes = 1024 * 1024) {
      for (let at = start; at < size; at += chunkBytes) yield await read(at, chunkBytes);
    },
    async close() {
      port.close();
    },
  };
}
