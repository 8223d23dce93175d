// A few thousand seeded random and malformed requests across every route: never a 5xx, and
// every reply within the operation table's contract (contract.ts: the response schema, the
// operation's envelope and declared errors, the rate-limit headers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../main/emulator/core/rng';
import type { Operation } from '../../../shared/api/operation';
import { emulatorRoutes } from './route-table';
import { checkContract } from './contract';
import { inProcess, keyIdOf, type CallOptions } from './harness';

const REQUESTS = 3000;
const t = inProcess({ seed: 5 });
afterAll(() => t.close());

// Chaos rules exist to inject 5xx on purpose: the fuzzer must not switch them on.
const targets: Operation[] = emulatorRoutes.filter((op) => op.id !== 'emulator.chaosSet');

const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
const samples: Record<string, Record<string, unknown>> = {
  'apiKeys.create': { name: 'fuzz', permissions: ['read'], scopes: ['accounts'], expiresAt: future, rateLimit: { reads: 5 } },
  'apiKeys.update': { name: 'fuzzed', permissions: ['read'], scopes: ['endpoints'], rateLimit: { writes: 1 } },
  'authKeys.create': { name: 'fuzz', permissions: ['read'], scopes: ['training'] },
  'auth.temporaryBoost': { multiplier: 2, duration: '1h', reason: 'fuzz' },
  'emulator.clockAdvance': { seconds: 60 },
  'emulator.clockSpeed': { speed: 1 },
  'emulator.snapshotImport': { format: 'gpu-operator-console/emulator-snapshot', version: 1 },
  'clusters.proxy.update': { load_balancer: { algorithm: 'ip_hash' }, websocket_support: true },
  'clusters.proxy.updateAccess': {
    session_timeout_minutes: 30,
    ip_whitelist: ['10.0.0.0/8'],
    rate_limiting: { per_user_limit: { requests_per_minute: 10, burst_size: 5 } },
  },
  'clusters.ports.create': {
    internal_port: 8080,
    description: 'fuzz',
    health_check: { path: '/h' },
    access_control: { public_access: false },
  },
  'clusters.ports.update': { description: 'fuzzed', health_check: { interval_seconds: 60 } },
  'clusters.secrets.create': { name: 'FUZZ', type: 'generic', value: 'v', rotation_policy: { enabled: true } },
  'clusters.secrets.update': { value: 'w', tags: ['fuzz'] },
  'clusters.templates.create': {
    name: 'fuzz',
    description: 'd',
    category: 'dev',
    container_image: 'registry.example.com/fuzz:1',
    default_configuration: { gpu_type: 'T4', gpu_count: 1, cpu_cores: 2, memory_gb: 8, storage_gb: 20 },
  },
  'clusters.templates.update': { description: 'fuzzed', version: '9.0.0' },
  // No wait_for_*: a held answer would take simulated (here: real) minutes.
  'clusters.stop': { force: true, save_state: true, grace_period_minutes: 1 },
  'clusters.metrics.custom': { name: 'fuzz.gauge', value: 1.5, unit: 'ms', tags: ['fuzz'] },
  'clusters.logs.search': { query: 'level:error OR (gpu:1 AND NOT "checkpoint")', limit: 5, sort: 'level:desc' },
  'clusters.restart': { force: true, update_configuration: { cpu_cores: 16 }, environment_updates: { FUZZ: '1' } },
};

/** Ids of the seeded cluster world, so cluster routes reach real resources, not only 404s. */
const seeded: Record<string, string[]> = { cluster_id: [], port_id: [], template_id: [], secret_name: [] };
beforeAll(async () => {
  for (const c of (await t.call('GET', '/v1/clusters')).body.data.clusters) {
    seeded.cluster_id!.push(c.id);
    for (const p of c.network.port_mappings) seeded.port_id!.push(p.id);
  }
  for (const x of (await t.call('GET', '/v1/clusters/templates?include_deprecated=true')).body.data.templates)
    seeded.template_id!.push(x.id);
  seeded.secret_name!.push('HF_TOKEN', 'POSTGRES_URL', 'FUZZ');
});

const WEIRD: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  '',
  ' ',
  'x'.repeat(101),
  'y'.repeat(10_000),
  '\u0000',
  '💥'.repeat(60),
  '2026-13-45T99:00:00Z',
  [],
  [1, 2],
  ['read', 'bogus'],
  ['execute', 'execute'],
  ['training'],
  {},
  { nested: { deep: [{}] } },
  '__proto__',
  { __proto__: { admin: true } },
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const SEGMENTS = [
  'v2',
  'v1',
  'accounts',
  'api-keys',
  'auth',
  '_emulator',
  'key_x',
  '..',
  '%2e%2e',
  '%E0%A4%A',
  'ÿ',
  'a'.repeat(300),
  '*',
  '',
];

function mutate(rng: Rng, sample: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = { ...sample };
  const fields = Object.keys(body);
  for (let i = rng.int(1, 3); i > 0; i--) {
    const roll = rng.next();
    if (roll < 0.35 && fields.length) body[rng.pick(fields)] = rng.pick(WEIRD);
    else if (roll < 0.55 && fields.length) delete body[rng.pick(fields)];
    else if (roll < 0.7) body[rng.pick(['extra', 'id', 'key', 'status', 'owner'])] = rng.pick(WEIRD);
    else if (roll < 0.8) return rng.pick(WEIRD);
  }
  return body;
}

function pathFor(rng: Rng, op: Operation): string {
  const roll = rng.next();
  if (roll < 0.06) return '/' + Array.from({ length: rng.int(1, 5) }, () => rng.pick(SEGMENTS)).join('/');
  return op.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, (param) => {
    const r = rng.next();
    const real = seeded[param.slice(1)];
    if (real?.length && r < 0.6) return encodeURIComponent(rng.pick(real));
    if (r < 0.5) return keyIdOf(rng.pick(Object.values(t.keys)));
    if (r < 0.7) return `key_${rng.base62(8)}`;
    return encodeURIComponent(String(rng.pick(WEIRD))).slice(0, 400) || 'x';
  });
}

function queryFor(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.5) return '';
  const pick = () =>
    rng.pick([
      'period=7d',
      'period=2w',
      'period=',
      'granularity=week',
      'granularity=minute',
      'limit=5',
      'limit=-1',
      'limit=abc',
      'x=1',
      `period=${'9'.repeat(500)}`,
      'period=1d&period=7d',
      'include_values=true',
      'include_value=true',
      'include_value=yes',
      'status=running',
      'status=paused',
      'include_metrics=true',
      'sort_by=rating',
      'include_access_logs=true',
      'include_health=1',
      'type=api_key',
      'search=%F0%9F%92%A5',
      'include_deprecated=true',
      'official=false',
    ]);
  return '?' + Array.from({ length: rng.int(1, 3) }, pick).join('&');
}

function optionsFor(rng: Rng, op: Operation): CallOptions {
  const keys = Object.values(t.keys);
  const k = rng.next();
  const options: CallOptions = {
    key: k < 0.7 ? t.ownerKey : k < 0.85 ? rng.pick(keys) : k < 0.92 ? null : `gpu_live_${rng.base62(8)}_${rng.base62(32)}`,
  };
  if (k >= 0.97) options.headers = { authorization: rng.pick(['Bearer', 'Bearer  ', 'Basic x', 'bearer ' + 'z'.repeat(5000)]) };
  const b = rng.next();
  const sample = samples[op.id];
  if (b < 0.05) options.raw = rng.pick(['{', '{"name":', 'null', '[]', '"str"', '{"a":1}}', '\u0000', '']);
  else if (b < 0.08) {
    options.raw = 'name=x';
    options.headers = {
      ...options.headers,
      'content-type': rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']),
    };
  } else if (b < 0.081) options.raw = JSON.stringify({ name: 'x'.repeat(1_100_000) });
  else if (sample) options.body = b < 0.3 ? sample : mutate(rng, sample);
  else if (b < 0.2) options.body = mutate(rng, { anything: 1 });
  return options;
}

describe('fuzz', () => {
  it(`answers ${REQUESTS} random and malformed requests without a 5xx, in documented shapes`, async () => {
    const rng = new Rng(20_261_122);
    const statuses = new Map<number, number>();
    const codes = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      if (i % 150 === 0) await t.call('POST', '/_emulator/clock/advance', { body: { seconds: 3600 } }); // new rate-limit windows
      if (i % 600 === 0) await t.call('POST', '/_emulator/reset');
      const op = rng.pick(targets);
      const method = rng.next() < 0.85 ? op.method : rng.pick(METHODS);
      const path = pathFor(rng, op) + queryFor(rng);
      const options = optionsFor(rng, op);
      const r = await t.call(method, path, options);
      const where = `#${i} ${method} ${path.slice(0, 120)} → ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(r.status, where).toBeLessThan(500);
      expect(r.headers.get('x-ratelimit-window'), where).toBe('3600');
      // t.call has held the reply to the contract already; this names the code it found.
      const { code } = checkContract(method, path, r);
      if (code) codes.add(code);
    }
    // The run reached the interesting answers, not only one kind.
    for (const code of [
      'VALIDATION_ERROR',
      'INVALID_JSON',
      'UNAUTHORIZED',
      'NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'KEY_NOT_FOUND',
      'INVALID_PERMISSIONS',
      'CLUSTER_NOT_FOUND',
      'INVALID_STATE',
    ]) {
      expect(codes, `fuzz never produced ${code}`).toContain(code);
    }
    expect(statuses.get(200)).toBeGreaterThan(100);
  }, 120_000);
});
