// A stored training cluster and its stop/restart lifecycles, for the metrics and logs simulator
// tests (both read the same stored shape; each test file names its own cluster id).
import { planRestart, planStop } from '../../../../main/emulator/areas/clusters/sim/phases';
import type { StoredCluster, StoredLifecycle } from '../../../../main/emulator/areas/clusters/state';

export const T0 = Date.parse('2026-06-01T00:00:00Z');
const DAY = 24 * 3_600_000;

/** An 8 × H100 training cluster running since T0. */
export function trainingCluster(over: Partial<StoredCluster> = {}): StoredCluster {
  return {
    id: 'cluster_unitTrain01',
    name: 'llm-pretraining',
    status: 'running',
    project_id: 'proj_x',
    region: 'us-east-1',
    gpu: { type: 'H100', count: 8 },
    resources: { cpu_cores: 96, memory_gb: 1024, storage_gb: 4000 },
    hourly_rate: 33,
    billing_started_at: T0,
    billing_stopped_at: null,
    billing_history: [],
    rate_since: null,
    started_at: T0,
    starting_until: null,
    last_accessed: null,
    created_at: T0 - 30 * DAY,
    template_id: null,
    template_name: 'Team LLM finetune',
    container_image: 'registry.example.com/pytorch:2.3',
    snapshots: [],
    volumes: [],
    proxy_url: 'https://x.example.com',
    ports: [],
    team_members: [],
    environment: {},
    secrets: [],
    lifecycle: null,
    ...over,
  } as StoredCluster;
}

/** A graceful stop or restart of `c` started at `startedAt`, its phases planned as the emulator plans them. */
export function lifecycle(kind: 'stop' | 'restart', startedAt: number, c: StoredCluster, keepState: boolean): StoredLifecycle {
  const input = { seed: 7, clusterId: c.id, startedAt, force: false, gracePeriodMinutes: 5, keepState };
  return {
    kind,
    started_at: startedAt,
    phases: kind === 'stop' ? planStop(input) : planRestart(input),
    type: 'graceful',
    grace_period_minutes: 5,
    timeout_minutes: 10,
    snapshot_id: null,
    ...(kind === 'stop'
      ? { stop: { hourly_rate_saved: 1, session_cost_final: 1, billing_stopped_at: startedAt, volumes_preserved: [] } }
      : { restart: { changes: [], old_hourly_rate: 1, new_hourly_rate: 1, rate_change_reason: null } }),
  };
}
