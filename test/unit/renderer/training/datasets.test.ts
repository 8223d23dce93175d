// The datasets view's logic: the upload form's messages in the user's words, the upload
// driver (chunks read one at a time in order, progress, cancel), the edit form, statistics.
import { describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../../shared/ipc/contract';
import {
  formatOfFile,
  initialDatasetForm,
  nameOfFile,
  validateDatasetForm,
  type DatasetForm,
} from '../../../../renderer/src/features/training/datasets/dataset-form';
import { contentsOf, labelCounts, lengthSummary, shapeText } from '../../../../renderer/src/features/training/datasets/dataset-statistics';
import { validateEdit } from '../../../../renderer/src/features/training/datasets/EditDatasetDialog';
import { uploadDatasetFile, type UploadProgress } from '../../../../renderer/src/features/training/datasets/upload-file';

const file = (text: string, name = 'data.jsonl') => Object.assign(new Blob([text]), { name });
const form = (patch: Partial<DatasetForm>): DatasetForm => ({ ...initialDatasetForm(), file: file('{"a":1}\n'), name: 'chat', ...patch });
const errorsOf = (f: DatasetForm) => {
  const r = validateDatasetForm(f);
  return r.ok ? {} : r.errors;
};

describe('upload form', () => {
  it('asks for a file and a name in words', () => {
    expect(errorsOf({ ...initialDatasetForm() })).toEqual({
      file: 'Drop a JSON Lines, CSV, Parquet, HDF5, zip or tar file here, or choose one',
      name: 'Name the dataset',
    });
    expect(errorsOf(form({ file: file('') })).file).toBe('The file is empty: a dataset needs at least one example');
    expect(errorsOf(form({ file: file('x', 'data.xlsx') })).file).toBe(
      'Datasets are a JSON Lines, CSV, Parquet, HDF5, zip or tar file (.jsonl, .ndjson, .csv, .parquet, .pq, .h5, .hdf5, .hdf, .zip, .tar, .tar.gz, .tgz); convert other formats first',
    );
    expect(errorsOf(form({ file: file('a,b\n', 'data.csv') })).file).toBe("The file's name says CSV, not the format chosen (JSON Lines)");
    expect(errorsOf(form({ file: file('x', 'shards.tar.gz'), format: 'tar' })).file).toBeUndefined();
    expect(formatOfFile('train.PARQUET')).toBe('parquet');
    expect(formatOfFile('data.h5')).toBe('hdf5');
    expect(nameOfFile('shards.tar.gz')).toBe('shards');
  });

  it('says the ranges of the checks and their order', () => {
    expect(errorsOf(form({ minExamples: '1.5' })).minExamples).toBe('Enter a whole number of examples, 0 to 1,000,000,000 examples');
    expect(errorsOf(form({ maxSequenceLength: '0' })).maxSequenceLength).toBe('Enter 1 to 10,000,000 tokens');
    expect(errorsOf(form({ minExamples: '50', maxExamples: '10' })).minExamples).toBe('The minimum must not be above the maximum');
    expect(errorsOf(form({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`).join(',') })).tags).toBe('At most 50 tags');
    expect(errorsOf(form({ name: 'x'.repeat(101) })).name).toBe('A name is at most 100 characters');
  });

  it('builds the create request with only what is set', () => {
    const r = validateDatasetForm(form({ requiredFields: 'prompt, completion', maxExamples: '1,000', tags: 'a, b' }));
    expect(r.ok && r.request.dataset).toEqual({
      name: 'chat',
      type: 'text',
      format: 'jsonl',
      tags: ['a', 'b'],
      validation: { required_fields: ['prompt', 'completion'], max_examples: 1000 },
    });
  });
});

/** A bridge that answers the upload channels as main does, recording what it was sent. */
function fakeBridge(size: number, chunkBytes: number) {
  const calls: Array<{ channel: ChannelName; request: Record<string, unknown> }> = [];
  let received = 0;
  const bridge = {
    invoke: async (channel: ChannelName, request: unknown) => {
      calls.push({ channel, request: request as Record<string, unknown> });
      if (channel === 'datasets:beginUpload')
        return { uploadId: 'up_0123456789abcdef', dataset: { id: 'ds_x' }, mode: 'single', size, partSize: null, partCount: 1, chunkBytes };
      if (channel === 'datasets:uploadChunk') {
        const r = request as { offset: number; data: Uint8Array };
        received = r.offset + r.data.byteLength;
        const done = received === size;
        return {
          uploadId: 'up_0123456789abcdef',
          size,
          received,
          acknowledged: done ? size : 0,
          result: done
            ? { datasetId: 'ds_x', status: 'processing', size, checksum: 'sha256:x', versionId: 'dsv_1', estimatedReadyAt: '' }
            : null,
        };
      }
      return { cancelled: true, datasetDeleted: true };
    },
  };
  return { bridge: bridge as never, calls };
}

describe('upload driver', () => {
  it('sends the file in order, a chunk at a time, and reports progress', async () => {
    const text = 'abcdefghij'.repeat(5);
    const { bridge, calls } = fakeBridge(text.length, 16);
    const seen: UploadProgress[] = [];
    const done = await uploadDatasetFile(
      bridge,
      { name: 'x', type: 'text', format: 'jsonl' },
      file(text),
      (p) => seen.push(p),
      new AbortController().signal,
    );
    expect(done.datasetId).toBe('ds_x');
    const chunks = calls.filter((c) => c.channel === 'datasets:uploadChunk').map((c) => c.request);
    expect(chunks.map((c) => c.offset)).toEqual([0, 16, 32, 48]);
    expect(chunks.map((c) => (c.data as Uint8Array).byteLength)).toEqual([16, 16, 16, 2]);
    expect(Buffer.concat(chunks.map((c) => c.data as Uint8Array)).toString()).toBe(text);
    expect(seen.map((p) => p.sent)).toEqual([0, 16, 32, 48, 50]);
    expect(seen.at(-1)!.acknowledged).toBe(50);
  });

  it('a cancel between chunks stops reading and cancels the upload in main', async () => {
    const { bridge, calls } = fakeBridge(64, 16);
    const abort = new AbortController();
    const run = uploadDatasetFile(
      bridge,
      { name: 'x', type: 'text', format: 'jsonl' },
      file('z'.repeat(64)),
      (p) => p.sent === 16 && abort.abort(),
      abort.signal,
    );
    await expect(run).rejects.toMatchObject({ normalized: { code: 'CANCELLED' } });
    expect(calls.filter((c) => c.channel === 'datasets:uploadChunk')).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ channel: 'datasets:cancelUpload', request: { uploadId: 'up_0123456789abcdef' } });
  });
});

describe('edit form', () => {
  const dataset = { name: 'chat', description: null, tags: ['a'] };
  it('sends only what changed; nothing changed is said', () => {
    expect(validateEdit({ name: 'chat', description: '', tags: 'a' }, dataset)).toEqual({
      ok: false,
      errors: { form: 'Nothing was changed' },
    });
    expect(validateEdit({ name: 'chat 2', description: 'd', tags: 'a' }, dataset)).toEqual({
      ok: true,
      request: { name: 'chat 2', description: 'd' },
    });
    expect(validateEdit({ name: ' ', description: '', tags: 'a' }, dataset)).toEqual({ ok: false, errors: { name: 'Name the dataset' } });
  });
});

describe('statistics', () => {
  it('reads summaries and label counts defensively', () => {
    expect(lengthSummary({ count: 1, min: 1, max: 1, mean: 1, p50: 1, p90: 1, p95: 1 })).toBeNull();
    expect(labelCounts({ label: { b: 2, a: 5, c: 'x' }, bad: 3 })).toEqual([
      {
        field: 'label',
        rows: [
          { name: 'a', value: 5 },
          { name: 'b', value: 2 },
        ],
        more: 0,
      },
    ]);
  });
});

describe('contents of a container', () => {
  it('reads the Parquet layout, HDF5 datasets and archive members a server sends, and skips what is malformed', () => {
    const c = contentsOf({
      parquet: { rows: 1300000, rowGroups: 26, columns: 4, compression: ['SNAPPY'], createdBy: 'hyparquet' },
      hdf5: { datasets: [{ path: 'images', shape: [64, 32, 32, 3], dtype: 'uint8', chunks: null, filters: ['deflate'] }, { path: 3 }] },
      members: [{ name: 'a.jsonl', bytes: 10, format: 'jsonl', note: null, examples: 2 }, { bytes: 1 }],
    });
    expect(c.parquet).toEqual({ rows: 1300000, rowGroups: 26, columns: 4, compression: ['SNAPPY'], createdBy: 'hyparquet' });
    expect(c.hdf5).toEqual([{ path: 'images', shape: [64, 32, 32, 3], dtype: 'uint8', chunks: null, filters: ['deflate'] }]);
    expect(c.members).toEqual([{ name: 'a.jsonl', bytes: 10, format: 'jsonl', note: null, examples: 2 }]);
    expect(contentsOf(null)).toEqual({ parquet: null, hdf5: [], members: [] });
    expect(shapeText([64, 32, 32, 3])).toBe('64 × 32 × 32 × 3');
    expect(shapeText([])).toBe('scalar');
  });
});
