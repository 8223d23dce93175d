// The write-ahead log (state/wal.ts, state/persister.ts): format and replay, a torn last line,
// corruption in the middle, group commit, compaction into the snapshot, and an emulator that
// "crashes" (is never closed) keeping every answered write.
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import { Persister } from '../../../main/emulator/state/persister';
import {
  makeSnapshot,
  readSnapshotWithDigestSync,
  SNAPSHOT_FILE,
  snapshotDigest,
  SnapshotError,
  writeSnapshotFile,
} from '../../../main/emulator/state/snapshot';
import { parseWal, readWalSync, replayWal, WAL_FILE, walBatchLine, walHeaderLine } from '../../../main/emulator/state/wal';
import { buildWorld } from '../../../main/emulator/world/builder';

const NOW = Date.UTC(2026, 5, 1);
const OWNER = 'gpu_live_OwnerWal_0123456789abcdefghijABCDEFGHIJ01';
const open: Emulator[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});

const tempDir = () => mkdtemp(join(tmpdir(), 'emu-wal-'));

function start(dir: string): Emulator {
  const e = createEmulator({ dataDir: dir, ownerKey: OWNER, seed: 7 });
  open.push(e);
  return e;
}

/** A first start writes its snapshot with the first write; later writes go to the log. */
async function started(dir: string): Promise<Emulator> {
  const e = start(dir);
  expect((await call(e, 'POST', '/v2/accounts/api-keys', { name: 'first', permissions: ['read'], scopes: ['clusters'] })).status).toBe(201);
  return e;
}

async function call(e: Emulator, method: string, path: string, body?: unknown, key = OWNER) {
  const r = await e.fetch(
    new Request(`http://emulator.local${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: r.status, body: (await r.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

describe('the log format', () => {
  const file = '/data/emulator-wal.jsonl';
  const text = (s: string) => Buffer.from(s);

  it('reads the header and each batch, and ignores a torn last line', () => {
    const good = walHeaderLine('abc') + walBatchLine(5, [['accounts', 'key:k1', { id: 'k1' }]]) + walBatchLine(9, [['accounts', 'key:k1']]);
    const whole = parseWal(text(good), file);
    expect(whole).toMatchObject({ base: 'abc', records: 2, torn: false, goodBytes: Buffer.byteLength(good) });
    expect(whole.batches.map((b) => [b.at, b.line, b.records])).toEqual([
      [5, 2, [['accounts', 'key:k1', { id: 'k1' }]]],
      [9, 3, [['accounts', 'key:k1']]],
    ]);
    for (const tail of ['{"at":12,"r":[["accounts","key:', '{"at":12,"r":[]}', '\u0000\u0000\u0000\n']) {
      const torn = parseWal(text(good + tail), file);
      expect(torn).toMatchObject({ torn: true, records: 2, goodBytes: Buffer.byteLength(good) });
    }
    expect(parseWal(text('{"format":"gpc-emul'), file)).toMatchObject({ base: null, torn: true, batches: [] });
  });

  it('refuses a corrupt line in the middle, naming the file and the line', () => {
    const bad = walHeaderLine('abc') + walBatchLine(5, []) + 'not json\n' + walBatchLine(6, []);
    expect(() => parseWal(text(bad), file)).toThrow(SnapshotError);
    expect(() => parseWal(text(bad), file)).toThrow(`${file} is corrupt at line 3`);
    expect(() => parseWal(text('nope\n' + walBatchLine(1, [])), file)).toThrow(`${file} is corrupt at line 1`);
  });

  it('replays upserts and removals in order; replaying a record the state already has changes nothing', () => {
    const world = buildWorld(AREAS, 3, NOW).state.areas as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- stored JSON, read freely
    const key = { ...world.accounts.keys[0], id: 'key_new', name: 'from the log' };
    const cluster = world.clusters.clusters[0];
    const secret = { ...cluster.secrets[0], name: 'FROM_LOG' };
    const batches = parseWal(
      text(
        walHeaderLine('x') +
          walBatchLine(NOW + 5, [
            ['accounts', 'key:key_new', key],
            ['clusters', `secret:${cluster.id}:FROM_LOG`, secret],
          ]) +
          walBatchLine(NOW + 9, [
            ['clusters', `secret:${cluster.id}:${cluster.secrets[0].name}`],
            ['accounts', 'key:key_new', { ...key, status: 'revoked' }],
          ]),
      ),
      file,
    ).batches;
    const once = structuredClone(world);
    expect(replayWal(AREAS, once, batches, file)).toBe(NOW + 9);
    expect(once.accounts.keys.find((k: { id: string }) => k.id === 'key_new')).toMatchObject({ name: 'from the log', status: 'revoked' });
    const names = once.clusters.clusters[0].secrets.map((s: { name: string }) => s.name);
    expect(names).toContain('FROM_LOG');
    expect(names).not.toContain(cluster.secrets[0].name);
    const twice = structuredClone(once);
    replayWal(AREAS, twice, batches, file);
    expect(twice).toEqual(once);
    expect(() => replayWal(AREAS, structuredClone(world), [{ at: 0, line: 4, records: [['billing', 'x', 1]] }], file)).toThrow(
      `${file} is corrupt at line 4: no area named "billing"`,
    );
    expect(() => replayWal(AREAS, structuredClone(world), [{ at: 0, line: 5, records: [['accounts', 'wallet', 1]] }], file)).toThrow(
      /line 5: no accounts record "wallet"/,
    );
  });
});

describe('the persister', () => {
  function fakeSource() {
    const records = new Map<string, unknown>();
    const snapshot = makeSnapshot(1, NOW, buildWorld(AREAS, 1, NOW).state);
    return {
      records,
      source: { snapshot: () => snapshot, record: (area: string, id: string) => records.get(`${area}/${id}`), now: () => NOW },
    };
  }

  it('commits the records of every waiting request in one write, and a commit with nothing to write at once', async () => {
    const dir = await tempDir();
    const { records, source } = fakeSource();
    const p = new Persister(dir, source, { base: null });
    p.changed('state');
    await p.commit(); // the first job writes the snapshot the log follows
    expect(p.stats).toEqual({ batches: 0, records: 0, snapshots: 1 });
    const waits: Array<Promise<void>> = [];
    for (let i = 0; i < 50; i++) {
      records.set(`accounts/key:k${i}`, { n: i });
      p.touched('accounts', `key:k${i}`);
      waits.push(p.commit());
    }
    p.touched('accounts', 'key:gone');
    waits.push(p.commit());
    await Promise.all(waits);
    expect(p.stats.batches).toBe(1);
    await p.commit();
    expect(p.stats.batches).toBe(1);
    const log = readWalSync(dir)!.contents;
    expect(log.base).toBe(snapshotDigest(await readFile(join(dir, SNAPSHOT_FILE), 'utf8')));
    expect(log.batches).toHaveLength(1);
    expect(log.batches[0]!.records).toHaveLength(51);
    expect(log.batches[0]!.records[7]).toEqual(['accounts', 'key:k7', { n: 7 }]);
    expect(log.batches[0]!.records[50]).toEqual(['accounts', 'key:gone']);
    await p.flush();
  });

  it('writes the snapshot and empties the log past its bound, and on close', async () => {
    const dir = await tempDir();
    const { records, source } = fakeSource();
    const p = new Persister(dir, source, { base: null, limits: { records: 10, bytes: 1 << 20 } });
    for (let i = 0; i < 25; i++) {
      records.set(`accounts/key:k${i}`, { n: i });
      p.touched('accounts', `key:k${i}`);
      await p.commit();
    }
    // 1 first snapshot, 10 batches, 1 snapshot, 10 batches, 1 snapshot, then the rest.
    expect(p.stats.snapshots).toBe(3);
    expect(readWalSync(dir)!.contents.records).toBeLessThan(10);
    await p.flush();
    expect(p.stats.snapshots).toBe(4);
    const log = readWalSync(dir)!.contents;
    expect(log.records).toBe(0);
    expect(log.base).toBe(snapshotDigest(await readFile(join(dir, SNAPSHOT_FILE), 'utf8')));
  });
});

describe('an emulator with a data folder', () => {
  it('keeps every answered write when it dies without closing', async () => {
    const dir = await tempDir();
    const first = await started(dir);
    const created = await call(first, 'POST', '/v2/accounts/api-keys', { name: 'kept', permissions: ['read'], scopes: ['clusters'] });
    expect(created.status).toBe(201);
    const victim = await call(first, 'POST', '/v2/accounts/api-keys', { name: 'revoked', permissions: ['read'], scopes: ['clusters'] });
    expect((await call(first, 'DELETE', `/v2/accounts/api-keys/${victim.body.id}`)).status).toBe(200);
    const clusterId = (await call(first, 'GET', '/v1/clusters')).body.data.clusters[0].id;
    const secret = await call(first, 'POST', `/v1/clusters/${clusterId}/secrets`, {
      name: 'WAL_SECRET',
      type: 'generic',
      value: 'logged-value',
    });
    expect(secret.status).toBe(201);
    // No close: the files are as a kill -9 would leave them.
    expect(await readFile(join(dir, WAL_FILE), 'utf8')).not.toContain('logged-value');
    const second = start(dir);
    const names = (await call(second, 'GET', '/v2/accounts/api-keys')).body.apiKeys.map((k: { name: string }) => k.name);
    expect(names).toEqual(expect.arrayContaining(['kept', 'revoked']));
    expect((await call(second, 'GET', '/v2/auth/verify', undefined, created.body.key)).status).toBe(200);
    expect((await call(second, 'GET', '/v2/auth/verify', undefined, victim.body.key)).status).toBe(401);
    const read = await call(second, 'GET', `/v1/clusters/${clusterId}/secrets/WAL_SECRET?include_value=true`);
    expect(read.body.data.value).toBe('logged-value');
  });

  it('starts over a torn last line, cuts it off, and keeps logging after it', async () => {
    const dir = await tempDir();
    const first = await started(dir);
    expect(
      (await call(first, 'POST', '/v2/accounts/api-keys', { name: 'before-tear', permissions: ['read'], scopes: ['clusters'] })).status,
    ).toBe(201);
    await appendFile(join(dir, WAL_FILE), '{"at":1,"r":[["accounts","key:key_half');
    const second = start(dir);
    expect(
      (await call(second, 'POST', '/v2/accounts/api-keys', { name: 'after-tear', permissions: ['read'], scopes: ['clusters'] })).status,
    ).toBe(201);
    const third = start(dir);
    const names = (await call(third, 'GET', '/v2/accounts/api-keys')).body.apiKeys.map((k: { name: string }) => k.name);
    expect(names).toEqual(expect.arrayContaining(['before-tear', 'after-tear']));
  });

  it('refuses a log corrupt in the middle with an error naming the file and line', async () => {
    const dir = await tempDir();
    const first = await started(dir);
    await call(first, 'POST', '/v2/accounts/api-keys', { name: 'a', permissions: ['read'], scopes: ['clusters'] });
    const file = join(dir, WAL_FILE);
    const lines = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, [lines[0], '{"at":1,"r":"nope"}', ...lines.slice(1)].join('\n'));
    expect(() => createEmulator({ dataDir: dir, ownerKey: OWNER })).toThrow(`${file} is corrupt at line 2`);
  });

  it('does not replay a log that follows another snapshot (a crash between the rename and the truncation)', async () => {
    const dir = await tempDir();
    const first = await started(dir);
    expect(
      (await call(first, 'POST', '/v2/accounts/api-keys', { name: 'in-the-log', permissions: ['read'], scopes: ['clusters'] })).status,
    ).toBe(201);
    const log = await readFile(join(dir, WAL_FILE), 'utf8');
    expect(readWalSync(dir)!.contents.records).toBeGreaterThan(0);
    // A newer snapshot of another world replaces the one the log follows; the log stays.
    await writeSnapshotFile(dir, makeSnapshot(7, NOW, buildWorld(AREAS, 9, NOW).state));
    expect(await readFile(join(dir, WAL_FILE), 'utf8')).toBe(log);
    const second = start(dir);
    const names = (await call(second, 'GET', '/v2/accounts/api-keys')).body.apiKeys.map((k: { name: string }) => k.name);
    expect(names).not.toContain('in-the-log');
  });
});

describe('every write route', () => {
  /** Stored state without usage counters and API usage analytics (not logged: the periodic snapshot keeps them) and the delivery log. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- stored JSON, read freely
  function withoutUsage(areas: Record<string, any>) {
    const copy = structuredClone(areas);
    delete copy.accounts.usage;
    delete copy.accounts.apiUsage;
    // The delivery log changes in the background too (attempts, retries, cost alerts on the clock,
    // after the answer): not what the write changed, so not compared here.
    delete copy.events;
    for (const k of copy.accounts.keys) {
      delete k.lastUsed;
      delete k.usageCount;
    }
    return copy;
  }

  const durableState = async (e: Emulator) => withoutUsage((await call(e, 'GET', '/_emulator/snapshot')).body.state.areas);

  /** What a restart would load now: the snapshot on disk with the log replayed over it. */
  function onDisk(dir: string) {
    const snapshot = readSnapshotWithDigestSync(AREAS, dir)!;
    const log = readWalSync(dir)!;
    expect(log.contents.base).toBe(snapshot.digest);
    replayWal(AREAS, snapshot.snapshot.state.areas, log.contents.batches, log.file);
    return withoutUsage(snapshot.snapshot.state.areas);
  }

  it('logs the records it changed: a restart from the log alone has the same state', async () => {
    const dir = await tempDir();
    const e = await started(dir);
    const ok = async (method: string, path: string, body?: unknown) => {
      const r = await call(e, method, path, body);
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body).slice(0, 300)}`).toBeLessThan(300);
      // Right after each answer, the files alone hold what the write changed.
      expect(onDisk(dir), `${method} ${path}`).toEqual(await durableState(e));
      return r.body;
    };
    const key = await ok('POST', '/v2/accounts/api-keys', { name: 'k', permissions: ['read'], scopes: ['clusters'] });
    await ok('PUT', `/v2/accounts/api-keys/${key.id}`, { name: 'renamed' });
    await ok('POST', `/v2/accounts/api-keys/${key.id}/rotate`);
    const auth = await ok('POST', '/v2/auth/api-keys', { name: 'a', permissions: ['read'], scopes: ['clusters'] });
    await ok('POST', `/v2/auth/api-keys/${auth.id}/rotate`);
    await ok('DELETE', `/v2/auth/api-keys/${auth.id}`);
    await ok('DELETE', `/v2/accounts/api-keys/${key.id}`);
    await ok('POST', '/v2/auth/temporary-boost', { multiplier: 2, duration: '1h', reason: 'launch' });
    const clusters = (await ok('GET', '/v1/clusters')).data.clusters as Array<{ id: string; name: string }>;
    const byName = (name: string) => clusters.find((c) => c.name === name)!.id;
    const id = byName('inference-api');
    await ok('POST', `/v1/clusters/${id}/secrets`, { name: 'NEW_ONE', type: 'generic', value: 'v1' });
    await ok('PUT', `/v1/clusters/${id}/secrets/NEW_ONE`, { value: 'v2', tags: ['t'] });
    await ok('GET', `/v1/clusters/${id}/secrets/NEW_ONE?include_value=true`);
    await ok('GET', `/v1/clusters/${id}/secrets?include_values=true`);
    const doomed = (await ok('GET', `/v1/clusters/${id}/secrets`)).data.secrets[0].name;
    await ok('DELETE', `/v1/clusters/${id}/secrets/${doomed}`);
    const port = (await ok('POST', `/v1/clusters/${id}/proxy/ports`, { internal_port: 5000, description: 'Flask app' })).data;
    await ok('PUT', `/v1/clusters/${id}/proxy/ports/${port.id}`, { description: 'Renamed' });
    const other = (await ok('POST', `/v1/clusters/${id}/proxy/ports`, { internal_port: 5001, description: 'gone' })).data;
    await ok('DELETE', `/v1/clusters/${id}/proxy/ports/${other.id}`);
    await ok('PUT', `/v1/clusters/${id}/proxy`, { websocket_support: false });
    await ok('PUT', `/v1/clusters/${id}/proxy/access`, { session_timeout_minutes: 30 });
    await ok('POST', `/v1/clusters/${id}/stop`, {});
    await ok('POST', `/v1/clusters/${byName('vision-finetune')}/restart`, {});
    const template = (
      await ok('POST', '/v1/clusters/templates', {
        name: 'Diffusion playground',
        description: 'Stable diffusion',
        category: 'ml',
        framework: 'pytorch',
        container_image: 'registry.example.com/acme/diffusion:1.0',
        default_configuration: { gpu_type: 'L40S', gpu_count: 2, cpu_cores: 16, memory_gb: 64, storage_gb: 200 },
        min_resources: { gpu_count: 1 },
        max_resources: { gpu_count: 4 },
        port_mappings: [{ internal_port: 7860, description: 'Web UI' }],
        project_id: 'proj_research',
        tags: ['diffusion'],
      })
    ).data;
    await ok('PUT', `/v1/clusters/templates/${template.id}`, { description: 'Updated' });
    const gone = (
      await ok('POST', '/v1/clusters/templates', {
        name: 'Gone',
        description: 'short-lived',
        category: 'ml',
        framework: 'pytorch',
        container_image: 'registry.example.com/acme/x:1',
        default_configuration: { gpu_type: 'L40S', gpu_count: 1, cpu_cores: 8, memory_gb: 32, storage_gb: 100 },
      })
    ).data;
    await ok('DELETE', `/v1/clusters/templates/${gone.id}`);
    // A restart from the snapshot and the log (the first emulator never closed).
    const again = start(dir);
    expect(await durableState(again)).toEqual(await durableState(e));
  }, 30_000);
});
