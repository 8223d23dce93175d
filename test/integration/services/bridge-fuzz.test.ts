// Bad input across every bridge channel and every API operation, as the renderer (or a
// hostile page in web mode) could send it: the answer is always a BridgeResult, and a
// failure is always a NormalizedError a user can read, never an internal error. Requests
// start from valid shapes and are then broken, so most reach the handlers and the emulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NormalizedError } from '../../../shared/api/errors';
import { operations } from '../../../shared/api/operations';
import type { Operation } from '../../../shared/api/operation';
import { channelNames, type BridgeResult, type ChannelName } from '../../../shared/ipc/contract';
import { dispatch } from '../../../shared/ipc/dispatch';
import { createServices, type Services } from '../../../main/services';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20261122);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const JUNK: unknown[] = [
  '',
  ' ',
  'x'.repeat(101),
  '../etc/passwd',
  '\u0000',
  '🙂'.repeat(70),
  -1,
  1.5,
  1e308,
  2 ** 53,
  true,
  null,
  [],
  {},
  [1, 'a'],
  { nested: { deep: [null] } },
];

function junk(): unknown {
  return pick(JUNK);
}

/** Breaks a valid request: a field replaced, removed, or an unknown one added (or none, half the time). */
function mutate(request: Record<string, unknown>): unknown {
  const roll = next();
  if (roll < 0.5) return request;
  const copy: Record<string, unknown> = { ...request };
  const keys = Object.keys(copy);
  if (roll < 0.7 && keys.length > 0) copy[pick(keys)] = junk();
  else if (roll < 0.85 && keys.length > 0) delete copy[pick(keys)];
  else if (roll < 0.95) copy[pick(['extra', '__proto__', 'constructor', 'key'])] = junk();
  else return junk();
  return copy;
}

const names = ['Prod', 'prod', 'Staging', 'Local emulator', 'x'.repeat(60), 'x'.repeat(61), '  '];
const apiKeys = ['sk_test_fuzz_key_0001', 'short', 'has space inside', 'sk_live_' + 'a'.repeat(40)];
// Loopback ports nothing listens on: refused at once, no DNS, no internet.
const baseUrls = [
  'http://127.0.0.1:9',
  'http://localhost:1/api',
  'https://127.0.0.1:9',
  'ftp://example.com',
  'http://example.com',
  'https://',
];

function keyId(existing: string[]): unknown {
  return next() < 0.5 && existing.length > 0 ? pick(existing) : pick(['key_doesnotexist', 'key_', 'nokey', 'key_' + 'a'.repeat(200)]);
}

/** Every path parameter the operation names: key ids as before, cluster-area ids that name nothing (a 404 from the emulator). */
function paramsFor(op: Operation, keyIds: string[]): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [, name] of op.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    params[name!] =
      name === 'key_id' ? keyId(keyIds) : pick(['cluster_doesnotexist', 'tmpl_doesnotexist', 'port_doesnotexist', 'NO_SUCH_SECRET', 'x y']);
  }
  return params;
}

function apiInput(op: Operation, keyIds: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (op.params) input.params = mutate(paramsFor(op, keyIds));
  if (op.limitGroup === 'clusters') {
    // Cluster bodies and queries are strict objects of their own: start from empty ones (all defaults).
    if (op.query) input.query = mutate({});
    if (op.body) input.body = mutate({});
    return mutate(input) as Record<string, unknown>;
  }
  if (op.query)
    input.query = mutate({ period: pick(['1d', '7d', '30d', '90d', '1y', '']), granularity: pick(['hour', 'day', 'week', 'minute']) });
  if (op.body) {
    input.body = mutate({
      name: pick(['fuzz key', '', 'x'.repeat(100), 'x'.repeat(101)]),
      permissions: pick([['read'], ['read', 'write'], ['execute'], ['admin'], []]),
      scopes: pick([['accounts'], ['billing', 'clusters'], ['training'], ['nope'], []]),
      ...(next() < 0.3
        ? { expiresAt: pick([new Date(Date.now() + 86_400_000).toISOString(), '2001-01-01T00:00:00Z', 'tomorrow', null]) }
        : {}),
      ...(next() < 0.3 ? { rateLimit: pick([{ reads: 10 }, { writes: -1 }, { executions: 1e12 }, {}]) } : {}),
      ...(next() < 0.2 ? { multiplier: pick([2, 0, 100]), duration: pick(['24h', '0h', 'forever']), reason: 'fuzz' } : {}),
    });
  }
  return mutate(input) as Record<string, unknown>;
}

function request(channel: ChannelName, profileIds: string[], keyIds: string[]): unknown {
  const id = () => (next() < 0.7 && profileIds.length > 0 ? pick(profileIds) : pick(['p-missing', 'local-emulator', 'NOT VALID', '']));
  switch (channel) {
    case 'api:call': {
      const op = pick(Object.values(operations) as Operation[]);
      return mutate({
        op: next() < 0.95 ? op.id : pick(['apiKeys.nope', '', 'x'.repeat(101)]),
        callId: next() < 0.3 ? `c${Math.floor(next() * 1000)}` : undefined,
        input: apiInput(op, keyIds),
      });
    }
    case 'api:cancel':
      return mutate({ callId: pick(['c1', 'c2', 'bad id!', '']) });
    case 'profiles:create':
      return mutate({ name: pick(names), baseUrl: pick(baseUrls), apiKey: pick(apiKeys) });
    case 'profiles:update':
      return mutate({
        id: id(),
        name: pick(names),
        ...(next() < 0.5 ? { baseUrl: pick(baseUrls) } : {}),
        ...(next() < 0.5 ? { apiKey: pick(apiKeys) } : {}),
      });
    case 'profiles:remove':
    case 'profiles:activate':
      return mutate({ id: id() });
    case 'profiles:fromKey':
      return mutate({ name: pick(names), apiKey: pick(apiKeys), activate: next() < 0.3 });
    case 'shell:openExternal':
      return mutate({ url: pick(['https://example.com', 'http://example.com', 'javascript:alert(1)', 'file:///etc/passwd']) });
    case 'windows:open':
      return mutate({ route: pick(['/logs', 'logs', '/a?b=c', '//evil.example', '/' + 'x'.repeat(600)]) });
    default:
      return mutate({});
  }
}

let dataDir: string;
let services: Services;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gpc-fuzz-'));
  services = await createServices({
    mode: 'web',
    dataDir,
    secretStore: new MemorySecretStore(),
    emulator: { seed: 3 },
    gateway: { retry: { delayMs: () => 0 } },
  });
});

afterAll(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bridge fuzz', () => {
  it('answers thousands of broken requests with results or documented errors', async () => {
    const defects: unknown[] = [];
    const outcomes = new Map<string, number>();
    const keyIds: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const channel = next() < 0.03 ? (pick(['nope', '', 'api:call:x', '__proto__']) as ChannelName) : pick(channelNames);
      const profileIds = services.profiles.state().profiles.map((p) => p.id);
      const result = (await dispatch(services.handlers, channel, request(channel, profileIds, keyIds), (e) =>
        defects.push(e),
      )) as BridgeResult<unknown>;
      expect(typeof result.ok).toBe('boolean');
      if (result.ok) {
        const created = (result.value as { data?: { id?: unknown } } | null)?.data?.id;
        if (typeof created === 'string' && created.startsWith('key_')) keyIds.push(created);
      } else {
        expect(NormalizedError.safeParse(result.error).success).toBe(true);
        expect(result.error.code).not.toBe('INTERNAL_ERROR');
        expect(result.error.status).toBeLessThan(500);
      }
      const outcome = result.ok ? 'ok' : result.error.source;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(defects).toEqual([]);
    // The mix reached every layer: successes, refusals by the contract, by profiles, and API errors.
    expect(outcomes.get('ok')).toBeGreaterThan(100);
    expect(outcomes.get('invalid_request')).toBeGreaterThan(100);
    // API errors come in either envelope: cluster routes answer in the cluster one.
    expect((outcomes.get('account') ?? 0) + (outcomes.get('cluster') ?? 0)).toBeGreaterThan(10);
    expect(outcomes.get('profile')).toBeGreaterThan(10);
    const after = (await dispatch(services.handlers, 'profiles:list', {})) as BridgeResult<unknown>;
    expect(after.ok).toBe(true);
  });
});
