// Dataset upload through the gateway to the embedded emulator, in-process (issue 10,
// Performance: "a 500 MB file streams through the gateway to the emulator with memory flat (heap
// growth ≤ 50 MB) at ≥ 200 MB/s"). The path the console takes: the bridge's chunks
// (datasets:uploadChunk, 512 KiB each) into main's upload service, multipart parts streamed to
// the upload host, which hashes and writes them to the data folder. The baseline, measured in the
// same run: writing the same chunks straight to a file in the same folder (the disk's floor).
// Run alone: npx tsx test/bench/upload.ts
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { EmulatorOptions } from '../../main/emulator/index';
import { createServices } from '../../main/services';
import { MemorySecretStore } from '../../main/vault/memory-secret-store';
import { UPLOAD_CHUNK_BYTES } from '../../shared/ipc/dataset-uploads';

const MB = 1_000_000;
const SIZE = 500 * MB;

export interface UploadBench {
  bytes: number;
  uploadMBps: number;
  /** Writing the same chunks to a file in the same folder. */
  diskMBps: number;
  /** Largest growth of the JS heap over its size before the upload, sampled as chunks go. */
  heapGrowthMb: number;
  /** The same for the resident set (the chunks' buffers live outside the heap). */
  rssGrowthMb: number;
  parts: number;
  status: string;
}

/** JSON Lines chunks of `chunk` bytes (whole lines, the last padded), `size` bytes in all. */
function* jsonlChunks(size: number, chunk: number): Generator<Uint8Array> {
  const line = Buffer.from(`${JSON.stringify({ prompt: 'Summarise the incident report.', completion: 'x'.repeat(180) })}\n`);
  const block = Buffer.alloc(chunk);
  for (let at = 0; at + line.length <= chunk; at += line.length) line.copy(block, at);
  // Pad the tail of the block with spaces on its last line (JSON allows trailing whitespace).
  const full = Math.floor(chunk / line.length) * line.length;
  block.fill(0x20, full - 1, chunk - 1);
  block[chunk - 1] = 0x0a;
  for (let sent = 0; sent < size; sent += chunk) yield sent + chunk <= size ? block : block.subarray(0, size - sent);
}

export async function benchUpload(size = SIZE): Promise<UploadBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gpc-bench-upload-'));
  const emulator = { rateLimits: 'report' } as EmulatorOptions;
  const services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator });
  try {
    // The floor first (the upload's background analysis would compete with it after).
    const file = createWriteStream(join(dataDir, 'baseline.jsonl'));
    const t1 = performance.now();
    for (const data of jsonlChunks(size, UPLOAD_CHUNK_BYTES)) if (!file.write(data)) await once(file, 'drain');
    file.end();
    await once(file, 'finish');
    const diskMs = performance.now() - t1;
    await rm(join(dataDir, 'baseline.jsonl'));

    const dataset = { name: 'bench-upload', type: 'text' as const, format: 'jsonl' as const };
    const begin = await services.uploads.begin({ dataset, file: { name: 'bench.jsonl', size } });
    const chunkBytes = begin.chunkBytes;
    if (chunkBytes !== UPLOAD_CHUNK_BYTES) throw new Error(`the upload asks for ${chunkBytes}-byte chunks`);
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const rss0 = process.memoryUsage().rss;
    let heapPeak = heap0;
    let rssPeak = rss0;
    let offset = 0;
    let status = '';
    const t0 = performance.now();
    for (const data of jsonlChunks(size, chunkBytes)) {
      const p = await services.uploads.chunk(begin.uploadId, offset, data);
      offset += data.byteLength;
      if (p.result) status = p.result.status;
      // Every 64 chunks (32 MiB): often enough to see growth, rarely enough not to slow it.
      if ((offset / chunkBytes) % 64 === 0) {
        const m = process.memoryUsage();
        heapPeak = Math.max(heapPeak, m.heapUsed);
        rssPeak = Math.max(rssPeak, m.rss);
      }
    }
    const uploadMs = performance.now() - t0;

    return {
      bytes: size,
      uploadMBps: size / MB / (uploadMs / 1000),
      diskMBps: size / MB / (diskMs / 1000),
      heapGrowthMb: (heapPeak - heap0) / MB,
      rssGrowthMb: (rssPeak - rss0) / MB,
      parts: begin.partCount,
      status,
    };
  } finally {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchUpload(), null, 2));
}
