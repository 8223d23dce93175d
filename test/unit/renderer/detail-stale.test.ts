// Detail views keep what they show through a slow or failing reload (issue 8, item 8): the
// cluster and the key usage stay, stale, with the error beside them; a first load that fails
// has nothing to keep and is an error.
import { beforeEach, describe, expect, it } from 'vitest';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { BridgeCallError } from '../../../renderer/src/bridge/errors';
import { useApiKeys } from '../../../renderer/src/features/accounts/api-keys/api-keys-store';
import { useClusters } from '../../../renderer/src/features/clusters/clusters/clusters-store';
import { clusterFixture } from './cluster-fixture';

type Call = { op: string };
let fail = false;

function fakeBridge(answer: (call: Call) => unknown): void {
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: Call) => {
      if (fail) throw new BridgeCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'down', details: {}, source: 'cluster' });
      // The accounts API answers bare bodies; the cluster API wraps them.
      const body = request.op === 'apiKeys.usage' ? answer(request) : { success: true, data: answer(request), meta: { request_id: 'r' } };
      return { status: 200, rateLimit: null, data: body };
    },
  } as unknown as RendererBridge);
}

const usage = {
  keyId: 'key_a',
  period: '7d',
  granularity: 'day',
  usage: { reads: 3, writes: 0, executions: 0, totalRequests: 3 },
  timeline: [{ date: '2026-11-24T00:00:00Z', reads: 3, writes: 0, executions: 0 }],
  topEndpoints: [],
};

describe('detail views through a failing reload', () => {
  beforeEach(() => {
    fail = false;
    fakeBridge((call) => (call.op === 'apiKeys.usage' ? usage : clusterFixture()));
    useClusters.getState().reset();
    useApiKeys.getState().closeUsage();
  });

  it('keeps the cluster shown, stale, with the error, and clears it on the next good read', async () => {
    const id = clusterFixture().id;
    await useClusters.getState().loadCluster(id);
    fail = true;
    const reload = useClusters.getState().loadCluster(id);
    expect(useClusters.getState().details[id]).toMatchObject({ status: 'ready', refreshing: true });
    await reload;
    const stale = useClusters.getState().details[id]!;
    expect(stale.cluster?.name).toBe('train-a100');
    expect(stale).toMatchObject({ status: 'ready', refreshing: false, error: { status: 503 } });
    // A background poll that fails says so too, instead of going quiet.
    await useClusters.getState().loadCluster(id, { quiet: true });
    expect(useClusters.getState().details[id]?.error?.status).toBe(503);
    fail = false;
    await useClusters.getState().loadCluster(id);
    expect(useClusters.getState().details[id]).toMatchObject({ status: 'ready', error: null });
  });

  it('is an error when nothing was shown yet', async () => {
    fail = true;
    await useClusters.getState().loadCluster('cluster_zzz');
    expect(useClusters.getState().details.cluster_zzz).toMatchObject({ cluster: null, status: 'error' });
  });

  it('keeps the key usage shown when its reload fails', async () => {
    await useApiKeys.getState().loadUsage('key_a', '7d', 'day');
    fail = true;
    await useApiKeys.getState().loadUsage('key_a', '7d', 'day');
    const state = useApiKeys.getState().usage;
    expect(state.data?.usage.totalRequests).toBe(3);
    expect(state).toMatchObject({ status: 'ready', refreshing: false, error: { status: 503 } });
  });
});
