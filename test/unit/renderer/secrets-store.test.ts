import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { BridgeCallError } from '../../../renderer/src/bridge/errors';
import { useSecrets } from '../../../renderer/src/features/clusters/clusters/secrets/secrets-store';
import { isRevealForbidden } from '../../../renderer/src/features/clusters/clusters/secrets/use-revealed-values';

type Call = { op: string; input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } };

const stored = {
  name: 'db-url',
  description: null,
  type: 'database',
  category: 'databases',
  // A server that sent values anyway must not get them into the store.
  value: 'postgres://user:pw@db/app',
  environment_variable: 'DATABASE_URL',
  file_path: null,
  encrypted: true,
  expiration_date: null,
  expired: false,
  rotation_policy: { enabled: false, rotation_interval_days: 90, next_rotation: null, notification_days_before: 7 },
  permissions: { read_only: false, file_mode: null, allowed_users: [], allowed_roles: [] },
  usage_statistics: { last_accessed: null, access_count: 0 },
  tags: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function fakeBridge(answer: (call: Call) => unknown): Call[] {
  const calls: Call[] = [];
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: Call) => {
      calls.push(request);
      return { status: 200, rateLimit: null, data: { success: true, data: answer(request), meta: { request_id: 'r' } } };
    },
  } as unknown as RendererBridge);
  return calls;
}

describe('useSecrets', () => {
  beforeEach(() => useSecrets.getState().reset());

  it('sends only the filters that are set, and never keeps a value', async () => {
    const calls = fakeBridge(() => ({ secrets: [stored], total_count: 1, secret_types: { database: 1 } }));
    await useSecrets.getState().load({ clusterId: 'cluster_a1', type: 'database', category: '', search: '  url ' });
    expect(calls[0]).toMatchObject({
      op: 'clusters.secrets.list',
      input: { params: { cluster_id: 'cluster_a1' }, query: { type: 'database', search: 'url' } },
    });
    expect(calls[0]!.input.query).not.toHaveProperty('category');
    expect(calls[0]!.input.query).not.toHaveProperty('include_values');
    const state = useSecrets.getState();
    expect(state.secrets).toHaveLength(1);
    expect(state.secrets[0]).not.toHaveProperty('value');
    expect(JSON.stringify(state)).not.toContain('postgres://');
    expect(state.secretTypes).toEqual({ database: 1 });
  });

  it('reads a value only through secrets.get with include_value', async () => {
    const calls = fakeBridge(() => stored);
    const value = await useSecrets.getState().readValue('cluster_a1', 'db-url');
    expect(value).toBe(stored.value);
    expect(calls[0]).toMatchObject({
      op: 'clusters.secrets.get',
      input: { params: { cluster_id: 'cluster_a1', secret_name: 'db-url' }, query: { include_value: true } },
    });
    expect(JSON.stringify(useSecrets.getState())).not.toContain('postgres://');
  });
});

describe('isRevealForbidden', () => {
  it('recognises the 403 of a reveal without the elevated permission', () => {
    const e = new BridgeCallError({ status: 403, code: 'INSUFFICIENT_PERMISSIONS', message: 'no', details: {}, source: 'cluster' });
    expect(isRevealForbidden(e.normalized)).toBe(true);
    expect(isRevealForbidden({ ...e.normalized, status: 404, code: 'SECRET_NOT_FOUND' })).toBe(false);
  });
});
