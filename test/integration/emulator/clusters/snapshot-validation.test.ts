// The cluster area's stored state is checked whenever a snapshot comes in: a malformed one is
// refused on import (400 naming the field, previous state kept) and on load from disk (an
// error naming the file); a snapshot from before the area gets the seeded clusters.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../../main/emulator';
import { Rng } from '../../../../main/emulator/core/rng';
import { SNAPSHOT_FILE, SnapshotError } from '../../../../main/emulator/state/snapshot';
import { inProcess, OWNER, type Target } from '../harness';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- snapshots are edited as plain JSON

let t: Target;
let baseline: Json;

beforeEach(async () => {
  t = inProcess({ seed: 42 });
  const r = await t.call('GET', '/_emulator/snapshot');
  expect(r.status).toBe(200);
  baseline = r.body;
});
afterEach(() => t.close());

const copy = (): Json => structuredClone(baseline);
const clusterList = async () => {
  const r = await t.call('GET', '/v1/clusters');
  expect(r.status).toBe(200);
  return (r.body.data.clusters as Array<{ id: string; name: string }>).map((c) => `${c.id}:${c.name}`).sort();
};
const importSnapshot = (body: unknown) => t.call('POST', '/_emulator/snapshot', { body });
const tempDir = () => mkdtemp(join(tmpdir(), 'emu-cluster-snap-'));

/** A cluster of the baseline that has a stop or restart of this kind under way (seeded: stopping, restarting). */
const indexWithLifecycle = (s: Json, kind: 'stop' | 'restart') =>
  s.state.areas.clusters.clusters.findIndex((c: Json) => c.lifecycle?.kind === kind);

describe('import of a malformed cluster area', () => {
  const cases: Array<{ name: string; edit: (s: Json) => string }> = [
    {
      name: 'a port with a non-numeric external port',
      edit: (s) => {
        s.state.areas.clusters.clusters[0].ports[0].external_port = 'x';
        return 'state.areas.clusters.clusters.0.ports.0.external_port';
      },
    },
    {
      name: 'a secret without its sealed value',
      edit: (s) => {
        delete s.state.areas.clusters.clusters[1].secrets[2].sealed;
        return 'state.areas.clusters.clusters.1.secrets.2.sealed';
      },
    },
    {
      name: 'a cluster with an unknown status',
      edit: (s) => {
        s.state.areas.clusters.clusters[3].status = 'exploded';
        return 'state.areas.clusters.clusters.3.status';
      },
    },
    {
      name: 'a stop under way without its stop details',
      edit: (s) => {
        const i = indexWithLifecycle(s, 'stop');
        delete s.state.areas.clusters.clusters[i].lifecycle.stop;
        return `state.areas.clusters.clusters.${i}.lifecycle.stop`;
      },
    },
    {
      name: 'a stop or restart with no phases',
      edit: (s) => {
        const i = indexWithLifecycle(s, 'restart');
        s.state.areas.clusters.clusters[i].lifecycle.phases = [];
        return `state.areas.clusters.clusters.${i}.lifecycle.phases`;
      },
    },
    {
      name: 'a time too large to show as a timestamp',
      edit: (s) => {
        s.state.areas.clusters.clusters[0].created_at = 1e17;
        return 'state.areas.clusters.clusters.0.created_at';
      },
    },
    {
      name: 'two clusters with the same id',
      edit: (s) => {
        s.state.areas.clusters.clusters[2].id = s.state.areas.clusters.clusters[0].id;
        return 'state.areas.clusters.clusters.2.id';
      },
    },
    {
      name: 'a template with an unknown GPU type',
      edit: (s) => {
        s.state.areas.clusters.templates[0].default_configuration.gpu_type = 'Z80';
        return 'state.areas.clusters.templates.0.default_configuration.gpu_type';
      },
    },
    {
      name: 'an area that is not an object',
      edit: (s) => {
        s.state.areas.clusters = 'nope';
        return 'state.areas.clusters';
      },
    },
  ];

  it.each(cases)('refuses $name with 400 and the path, keeping the previous state', async ({ edit }) => {
    // The previous state is not the seeded one: a valid import renamed a cluster first.
    const renamed = copy();
    renamed.state.areas.clusters.clusters[0].name = 'renamed-by-import';
    expect((await importSnapshot(renamed)).status).toBe(200);
    const before = await clusterList();
    expect(before.some((c) => c.endsWith(':renamed-by-import'))).toBe(true);

    const bad = copy();
    const field = edit(bad);
    const r = await importSnapshot(bad);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('VALIDATION_ERROR');
    expect(r.body.details.field).toBe(field);
    expect(typeof r.body.details.reason).toBe('string');
    expect(r.body.details.reason.length).toBeGreaterThan(0);

    expect(await clusterList()).toEqual(before);
    const first = baseline.state.areas.clusters.clusters[0].id;
    const detail = await t.call('GET', `/v1/clusters/${first}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.name).toBe('renamed-by-import');
  });

  it('accepts its own export unchanged, after writes through the API', async () => {
    const id = baseline.state.areas.clusters.clusters[0].id;
    expect(
      (await t.call('POST', `/v1/clusters/${id}/proxy/ports`, { body: { internal_port: 9999, protocol: 'tcp', description: 'added' } }))
        .status,
    ).toBe(201);
    expect((await t.call('POST', `/v1/clusters/${id}/secrets`, { body: { name: 'ADDED', type: 'generic', value: 'v' } })).status).toBe(201);
    const exported = (await t.call('GET', '/_emulator/snapshot')).body;
    expect((await importSnapshot(exported)).status).toBe(200);
    const again = (await t.call('GET', '/_emulator/snapshot')).body;
    expect(again.state.areas.clusters).toEqual(exported.state.areas.clusters);
  });
});

describe('load from disk', () => {
  it('stops the start with an error naming the file and the field, leaving the file as it was', async () => {
    const dir = await tempDir();
    const file = join(dir, SNAPSHOT_FILE);
    const bad = copy();
    bad.state.areas.clusters.clusters[0].ports[0].external_port = 'x';
    const text = JSON.stringify(bad);
    await writeFile(file, text);

    let error: unknown;
    try {
      createEmulator({ dataDir: dir, ownerKey: OWNER });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as Error).message).toBe(
      `${file} is not a valid snapshot: state.areas.clusters.clusters.0.ports.0.external_port: ${(error as SnapshotError).reason}`,
    );
    expect((error as SnapshotError).reason).toMatch(/number/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses a cluster with an unknown status the same way', async () => {
    const dir = await tempDir();
    const bad = copy();
    bad.state.areas.clusters.clusters[0].status = 'exploded';
    await writeFile(join(dir, SNAPSHOT_FILE), JSON.stringify(bad));
    expect(() => createEmulator({ dataDir: dir, ownerKey: OWNER })).toThrow(
      `${join(dir, SNAPSHOT_FILE)} is not a valid snapshot: state.areas.clusters.clusters.0.status`,
    );
  });
});

describe('a snapshot without the cluster area', () => {
  const seededIds = () => (baseline.state.areas.clusters.clusters as Json[]).map((c) => `${c.id}:${c.name}`).sort();

  it('gets the seeded clusters of its seed on import, with readable secrets', async () => {
    const templateIds = async () => {
      const r = await t.call('GET', '/v1/clusters/templates');
      expect(r.status).toBe(200);
      return (r.body.data.templates as Json[]).map((x) => x.id as string).sort();
    };
    const seededTemplates = await templateIds();
    expect(seededTemplates.length).toBeGreaterThan(0);
    const old = copy();
    delete old.state.areas.clusters;
    expect((await importSnapshot(old)).status).toBe(200);
    expect(await clusterList()).toEqual(seededIds());
    const first = baseline.state.areas.clusters.clusters[0];
    const secret = await t.call('GET', `/v1/clusters/${first.id}/secrets/${first.secrets[0].name}?include_value=true`);
    expect(secret.status).toBe(200);
    expect(typeof secret.body.data.value).toBe('string');
    expect(await templateIds()).toEqual(seededTemplates);
  });

  it('gets them on load from disk too (the snapshot seed wins), and the migrated area is written back', async () => {
    const dir = await tempDir();
    const file = join(dir, SNAPSHOT_FILE);
    const old = copy();
    delete old.state.areas.clusters;
    await writeFile(file, JSON.stringify(old));

    const loaded = inProcess({ seed: 7, dataDir: dir });
    try {
      const r = await loaded.call('GET', '/v1/clusters');
      expect(r.status).toBe(200);
      expect((r.body.data.clusters as Json[]).map((c) => `${c.id}:${c.name}`).sort()).toEqual(seededIds());
    } finally {
      await loaded.close();
    }
    const written = JSON.parse(await readFile(file, 'utf8'));
    expect((written.state.areas.clusters.clusters as Json[]).map((c) => `${c.id}:${c.name}`).sort()).toEqual(seededIds());
  });
});

describe('seeded fuzz of the cluster area', () => {
  /** Every path in the area, with what sits there. */
  function paths(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
    const out: Array<Array<string | number>> = [];
    if (Array.isArray(value)) value.forEach((v, i) => out.push([...at, i], ...paths(v, [...at, i])));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) out.push([...at, k], ...paths(v, [...at, k]));
    return out;
  }

  const WRONG: Record<string, unknown[]> = {
    number: ['x', true, null, {}, [], -1, 1.5, 1e300],
    string: [42, false, null, {}, []],
    boolean: ['true', 0, null],
    object: ['x', 7, [], null],
    array: ['x', 7, {}, null, [{}]],
    null: ['x', 7, {}],
  };
  const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

  it('never answers 5xx to an import, and the cluster list always answers 200 after it', async () => {
    const rng = new Rng(20261122);
    // Without the seeded usage history and download ledgers (most of the snapshot's bytes, not under
    // test: the ledger's own bounds are transfer.test.ts's) each import is quick, and the mutations
    // fall on the clusters' own records.
    const base = copy();
    base.state.areas.accounts.usage = {};
    base.state.areas.clusters.transfers = [];
    base.state.areas.training.transfers = [];
    expect((await importSnapshot(base)).status).toBe(200);
    const all = paths(base.state.areas.clusters);
    const before = await clusterList();
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const s = structuredClone(base);
      const path = rng.pick(all);
      const parent = path.slice(0, -1).reduce((o: Json, k) => o[k], s.state.areas.clusters);
      const key = path[path.length - 1]!;
      const current = parent[key];
      const mutation = rng.int(0, 2);
      if (mutation === 0) parent[key] = rng.pick(WRONG[kindOf(current)]!);
      else if (mutation === 1 && !Array.isArray(parent)) delete parent[key];
      else parent[key] = typeof current === 'string' ? `unknown_${rng.base62(6)}` : rng.pick(WRONG[kindOf(current)]!);

      const r = await importSnapshot(s);
      const where = `mutation ${i} at ${path.join('.')}`;
      expect(r.status, where).toBeLessThan(500);
      if (r.status === 400) {
        refused++;
        expect(r.body.error, where).toBe('VALIDATION_ERROR');
        expect(r.body.details.field, where).toMatch(/^state\.areas\.clusters/);
        expect(await clusterList(), where).toEqual(before);
        continue;
      }
      expect(r.status, where).toBe(200);
      // Accepted (e.g. another description): the reads of the changed cluster still answer below 500.
      const list = await t.call('GET', '/v1/clusters');
      expect(list.status, where).toBe(200);
      const touched = path[0] === 'clusters' && typeof path[1] === 'number' ? [s.state.areas.clusters.clusters[path[1]]] : [];
      for (const c of touched as Json[]) {
        for (const sub of ['', '/proxy', '/secrets']) {
          const read = await t.call('GET', `/v1/clusters/${c.id}${sub}`);
          expect(read.status, `${where}: GET ${sub}`).toBeLessThan(500);
        }
      }
      expect((await t.call('GET', '/v1/clusters/templates')).status, where).toBe(200);
      expect((await importSnapshot(base)).status).toBe(200);
    }
    // The mutations are mostly of the kinds the area refuses: the fuzz exercises refusal.
    expect(refused).toBeGreaterThan(150);
  });
});
