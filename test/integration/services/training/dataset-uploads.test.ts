// Dataset uploads through the bridge channels with the real embedded emulator: the renderer's
// chunks (Uint8Array, validated by the channel schema) go through main to the upload host —
// one PUT for a small file, a multipart upload for a large one — and the upload token never
// leaves main. Cancel aborts and deletes the dataset.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult } from '../../../../shared/ipc/contract';
import {
  chunkRanges,
  MULTIPART_THRESHOLD_BYTES,
  type DatasetUploadBegin,
  type DatasetUploadProgress,
} from '../../../../shared/ipc/dataset-uploads';
import { dispatch } from '../../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../../main/services';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;
const received: unknown[] = [];

async function invoke<T>(channel: string, request: unknown): Promise<T> {
  const result = (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
  received.push(result);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { normalized: result.error });
  return result.value;
}

const call = async <T>(op: string, input: Record<string, unknown> = {}) =>
  (await invoke<ApiCallResponse>('api:call', { op, input })).data as T;

const dataset = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'text', format: 'jsonl', ...extra });

/** Sends a whole buffer as the renderer does: chunks in order, each answered before the next. */
async function upload(begin: DatasetUploadBegin, bytes: Uint8Array): Promise<DatasetUploadProgress[]> {
  const answers: DatasetUploadProgress[] = [];
  for (const [start, end] of chunkRanges(bytes.byteLength, begin.chunkBytes))
    answers.push(await invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: start, data: bytes.subarray(start, end) }));
  return answers;
}

const jsonl = (lines: unknown[]) => new Uint8Array(Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-uploads-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 11 } });
});

afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('dataset uploads through the bridge', () => {
  it('uploads a small jsonl file in one PUT and the dataset becomes ready with its report', async () => {
    const bytes = jsonl(Array.from({ length: 40 }, (_, i) => ({ prompt: `question ${i}`, completion: `answer ${i}` })));
    const begin = await invoke<DatasetUploadBegin>('datasets:beginUpload', {
      dataset: dataset('small-upload', { validation: { required_fields: ['prompt', 'completion'] } }),
      file: { name: 'small.jsonl', size: bytes.byteLength },
    });
    expect(begin).toMatchObject({ mode: 'single', partCount: 1, partSize: null, size: bytes.byteLength });
    const answers = await upload(begin, bytes);
    const last = answers.at(-1)!;
    expect(last.acknowledged).toBe(bytes.byteLength);
    expect(last.result).toMatchObject({ datasetId: begin.dataset.id, status: 'processing', size: bytes.byteLength });
    expect(last.result!.checksum).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    expect(services.uploads.open()).toBe(0);
    await invoke('emulator:advanceClock', { seconds: 30 });
    const d = await call<{ status: string; size: { examples: number }; validation: { status: string } }>('training.datasets.get', {
      params: { dataset_id: begin.dataset.id },
    });
    expect(d).toMatchObject({ status: 'ready', size: { examples: 40 }, validation: { status: 'passed' } });
  });

  it('a file failing validation ends in error with the failing line numbers', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => (i === 4 || i === 9 ? { prompt: `q${i}` } : { prompt: `q${i}`, completion: 'a' }));
    const bytes = jsonl(lines);
    const begin = await invoke<DatasetUploadBegin>('datasets:beginUpload', {
      dataset: dataset('failing-upload', { validation: { required_fields: ['prompt', 'completion'] } }),
      file: { name: 'failing.jsonl', size: bytes.byteLength },
    });
    await upload(begin, bytes);
    await invoke('emulator:advanceClock', { seconds: 30 });
    const d = await call<{ status: string; validation: { failingExamples: Array<{ line: number }> } }>('training.datasets.get', {
      params: { dataset_id: begin.dataset.id },
    });
    expect(d.status).toBe('error');
    expect(d.validation.failingExamples.map((e) => e.line)).toEqual([5, 10]);
  });

  it('uploads a large file as a multipart upload, acknowledged part by part', async () => {
    const size = MULTIPART_THRESHOLD_BYTES + 3 * 1024 * 1024 + 17;
    const line = Buffer.from(`${JSON.stringify({ text: 'x'.repeat(200) })}\n`);
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; at += line.length) bytes.set(line.subarray(0, Math.min(line.length, size - at)), at);
    bytes[size - 1] = 0x0a;
    const begin = await invoke<DatasetUploadBegin>('datasets:beginUpload', {
      dataset: dataset('multipart-upload'),
      file: { name: 'big.jsonl', size },
    });
    expect(begin).toMatchObject({ mode: 'multipart', partSize: 8 * 1024 * 1024, partCount: 2 });
    const answers = await upload(begin, bytes);
    // Nothing acknowledged before the first part is whole; then the first part; then everything.
    expect([...new Set(answers.map((a) => a.acknowledged))]).toEqual([0, 8 * 1024 * 1024, size]);
    expect(answers.at(-1)!.result).toMatchObject({ status: 'processing', size });
  });

  it('cancel aborts a multipart upload and deletes its dataset', async () => {
    const size = 2 * MULTIPART_THRESHOLD_BYTES;
    const begin = await invoke<DatasetUploadBegin>('datasets:beginUpload', {
      dataset: dataset('cancelled-upload'),
      file: { name: 'c.jsonl', size },
    });
    const chunk = new Uint8Array(begin.chunkBytes).fill(0x61);
    await invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: 0, data: chunk });
    const cancelled = await invoke('datasets:cancelUpload', { uploadId: begin.uploadId });
    expect(cancelled).toEqual({ cancelled: true, datasetDeleted: true });
    await expect(call('training.datasets.get', { params: { dataset_id: begin.dataset.id } })).rejects.toMatchObject({
      normalized: { code: 'DATASET_NOT_FOUND' },
    });
    await expect(invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: chunk.length, data: chunk })).rejects.toMatchObject({
      normalized: { code: 'INVALID_REQUEST' },
    });
  });

  it('refuses chunks out of order, too large, or not bytes', async () => {
    const begin = await invoke<DatasetUploadBegin>('datasets:beginUpload', {
      dataset: dataset('order-upload'),
      file: { name: 'o.jsonl', size: 100 },
    });
    await expect(invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: 10, data: new Uint8Array(10) })).rejects.toMatchObject({
      normalized: { code: 'INVALID_REQUEST', details: { expectedOffset: 0 } },
    });
    await expect(invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: 0, data: new Uint8Array(101) })).rejects.toThrow(
      /announced as 100 bytes/,
    );
    await expect(invoke('datasets:uploadChunk', { uploadId: begin.uploadId, offset: 0, data: [1, 2, 3] })).rejects.toMatchObject({
      normalized: { code: 'INVALID_REQUEST' },
    });
    await invoke('datasets:cancelUpload', { uploadId: begin.uploadId });
  });

  it('never hands the upload token or URL to the renderer', () => {
    const text = JSON.stringify(received);
    expect(text).not.toMatch(/dsup_/);
    expect(text).not.toMatch(/_uploads/);
  });
});
