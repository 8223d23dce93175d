// The `experiments:export` channel through the real services and the embedded emulator: the
// API writes the runs' CSV to the object store, main reads it back from the download host, and
// the renderer gets the CSV (the same bytes the store holds, by checksum) and the export's
// record without the download address or its token; a bad destination is refused in words.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCallResponse, BridgeResult } from '../../../../shared/ipc/contract';
import { dispatch } from '../../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../../main/services';
import { MemorySecretStore } from '../../../../main/vault/memory-secret-store';

let dataDir: string;
let services: Services;

async function invoke<T>(channel: string, request: unknown): Promise<BridgeResult<T>> {
  return (await dispatch(services.handlers, channel, request)) as BridgeResult<T>;
}
async function call<T>(op: string, input: Record<string, unknown> = {}): Promise<T> {
  const result = await invoke<ApiCallResponse>('api:call', { op, input });
  if (!result.ok) throw new Error(`${op}: ${result.error.message}`);
  return result.value.data as T;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-exp-export-'));
  services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { seed: 7 } });
});
afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('experiments:export', () => {
  it('hands the renderer the CSV in the object store and no token', async () => {
    const { jobs } = await call<{ jobs: { id: string }[] }>('training.jobs.list', { query: { limit: 2 } });
    expect(jobs.length).toBe(2);
    const exp = await call<{ id: string }>('training.experiments.create', { body: { name: 'Export check', description: 'd' } });
    for (const job of jobs)
      await call('training.experiments.runs.create', { params: { experiment_id: exp.id }, body: { trainingJobId: job.id } });

    const result = await invoke<{ export: Record<string, unknown> & { size: number; checksum: string; rows: number }; csv: string }>(
      'experiments:export',
      {
        experimentId: exp.id,
        body: {
          format: 'csv',
          include: ['parameters', 'metrics'],
          destination: { type: 'object_store', bucket: 'reports', path: 'a/b.csv' },
        },
      },
    );
    if (!result.ok) throw new Error(result.error.message);
    const { export: written, csv } = result.value;
    expect(written).not.toHaveProperty('downloadToken');
    expect(written).not.toHaveProperty('downloadUrl');
    expect(JSON.stringify(result.value)).not.toMatch(/Bearer|downloadToken/);
    expect(written.rows).toBe(2);
    expect(csv.split(/\r?\n/).filter(Boolean)).toHaveLength(3);
    for (const job of jobs) expect(csv).toContain(job.id);
    expect(Buffer.byteLength(csv)).toBe(written.size);
    const stored = await readFile(join(dataDir, 'emulator', 'object-store', 'reports', 'a', 'b.csv'));
    const digest = createHash('sha256').update(csv).digest('hex');
    expect(written.checksum).toContain(digest);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(digest);
  });

  it('refuses a destination outside the rules before anything is written', async () => {
    const exp = await call<{ id: string }>('training.experiments.create', { body: { name: 'Refused', description: 'd' } });
    const result = await invoke('experiments:export', {
      experimentId: exp.id,
      body: { destination: { type: 'object_store', bucket: 'reports', path: '../../etc/passwd' } },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('INVALID_REQUEST');
  });
});
