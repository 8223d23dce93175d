// Issue 18 part 5 over real HTTP: a seeded dataset stuck in "uploading" has a way out — its upload
// expires on the simulated clock at uploadExpiresAt and the dataset is then `error`
// UPLOAD_EXPIRED, for good (across a restart on the same data folder), and can be deleted — and a
// processing dataset never says "ready" before its checks end.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processingText, uploadWaitText } from '../../../../renderer/src/features/training/datasets/dataset-status-text';
import { SLOW_WORLD, startSlowWorld as start } from './file-emulator';

const START = SLOW_WORLD.startTime;
const HOUR = 3_600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON
type Json = any;

describe('an upload that never comes', () => {
  it('expires at uploadExpiresAt: the seeded dataset turns to error UPLOAD_EXPIRED, stays so after a restart, and can be deleted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gpc-upload-expiry-'));
    try {
      const first = await start({ dataDir: dir });
      const listed = (await first.call('GET', '/v2/training/datasets?status=uploading')).body.datasets as Json[];
      const seeded = listed.find((d) => d.name === 'code-instructions');
      expect(seeded).toBeDefined();
      const before = (await first.call('GET', `/v2/training/datasets/${seeded.id}`)).body;
      expect(before.status).toBe('uploading');
      const expiresAt = Date.parse(before.uploadExpiresAt);
      // Two hours after the world was built (START).
      expect(expiresAt).toBe(START.getTime() + 2 * HOUR);
      expect(uploadWaitText(before.uploadExpiresAt, START.getTime())).toMatch(
        /The upload expires in 2 hours \(at .+\): if no file has arrived by then, the dataset turns to error/,
      );

      await first.advance(2 * 3600 - 10);
      expect((await first.call('GET', `/v2/training/datasets/${seeded.id}`)).body.status).toBe('uploading');
      await first.advance(10);
      const expired = (await first.call('GET', `/v2/training/datasets/${seeded.id}`)).body;
      expect(expired).toMatchObject({
        status: 'error',
        error: { error: 'UPLOAD_EXPIRED', details: { expiredAt: before.uploadExpiresAt } },
        updatedAt: before.uploadExpiresAt,
      });
      expect(expired.error.message).toMatch(/^No file arrived before the upload address expired/);
      // The list agrees with the read, by status.
      const ids = async (status: string) =>
        ((await first.call('GET', `/v2/training/datasets?status=${status}`)).body.datasets as Json[]).map((d) => d.id);
      expect(await ids('uploading')).not.toContain(seeded.id);
      expect(await ids('error')).toContain(seeded.id);
      await first.close();

      const second = await start({ dataDir: dir });
      try {
        const after = (await second.call('GET', `/v2/training/datasets/${seeded.id}`)).body;
        expect(after.status).toBe('error');
        expect(after.error.error).toBe('UPLOAD_EXPIRED');
        const del = await second.call('DELETE', `/v2/training/datasets/${seeded.id}`);
        expect(del.status).toBe(200);
        expect((await second.call('GET', `/v2/training/datasets/${seeded.id}`)).status).toBe(404);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a created dataset’s upload expires the same way, and its upload host refuses the file then', async () => {
    const t = await start();
    try {
      const created = await t.call('POST', '/v2/training/datasets', { body: { name: 'late', type: 'text', format: 'jsonl' } });
      expect(created.status).toBe(201);
      await t.advance(6 * 3600);
      const put = await fetch(created.body.uploadUrl, {
        method: 'PUT',
        headers: { authorization: `Bearer ${created.body.uploadToken}`, 'content-type': 'application/octet-stream' },
        body: '{"x":1}',
      });
      expect(put.status).toBe(401);
      expect((await put.json()).error).toBe('UPLOAD_TOKEN_EXPIRED');
      const read = (await t.call('GET', `/v2/training/datasets/${created.body.id}`)).body;
      expect(read).toMatchObject({ status: 'error', error: { error: 'UPLOAD_EXPIRED' } });
    } finally {
      await t.close();
    }
  });
});

describe('a processing dataset', () => {
  it('says when its checks end, never "ready"', async () => {
    const t = await start();
    try {
      const d = ((await t.call('GET', '/v2/training/datasets?status=processing')).body.datasets as Json[]).find(
        (x) => x.name === 'product-catalog-2026',
      );
      const read = (await t.call('GET', `/v2/training/datasets/${d.id}`)).body;
      expect(read.status).toBe('processing');
      expect(read.estimatedReadyAt).not.toBeNull();
      const now = START.getTime();
      const text = processingText(read.estimatedReadyAt, now);
      expect(text).toMatch(/the checks should end in 20 minutes \(at .+\)/);
      expect(text).not.toMatch(/\bready\b/i);
      expect(processingText(read.estimatedReadyAt, Date.parse(read.estimatedReadyAt) + 1000)).not.toMatch(/\bready\b/i);
      expect(processingText(null, now)).not.toMatch(/\bready\b/i);
    } finally {
      await t.close();
    }
  });
});
