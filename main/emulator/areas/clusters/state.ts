// The cluster area's stored state, under `state.areas.clusters`: plain JSON, times in
// simulated ms (templates keep their wire timestamps). Secret values are sealed, never plain.
import type { GpuType, Protocol } from '../../../../shared/api/clusters/common';
import type { NetworkConfiguration, ProxyAccessControl } from '../../../../shared/api/clusters/proxy';
import type { SecretCategory, SecretType } from '../../../../shared/api/clusters/secrets';
import type { Template } from '../../../../shared/api/clusters/templates';
import type { RoleKey } from '../../../../shared/api/common';
import type { Store } from '../../state/store';

export const AREA = 'clusters';

export interface StoredPort {
  id: string;
  internal_port: number;
  external_port: number;
  protocol: Protocol;
  description: string;
  health_check: { enabled: boolean; path: string; interval_seconds: number; timeout_seconds: number };
  health: 'healthy' | 'unhealthy' | 'unknown';
  consecutive_failures: number;
  access_control: {
    authentication_required: boolean;
    allowed_users: string[];
    ip_whitelist: string[];
    rate_limit: { requests_per_minute: number; burst_size: number } | null;
    public_access: boolean;
  };
  custom_domain: string | null;
  stats: { total_requests: number; unique_visitors: number; avg_response_time_ms: number; last_accessed: number | null };
  created_at: number;
  updated_at: number;
}

export interface StoredSecret {
  name: string;
  description: string | null;
  type: SecretType;
  category: SecretCategory;
  /** AES-256-GCM sealed value (secret-cipher.ts). */
  sealed: string;
  environment_variable: string | null;
  file_path: string | null;
  expiration_date: number | null;
  rotation: { enabled: boolean; interval_days: number; notification_days_before: number; last_rotated_at: number };
  permissions: { read_only: boolean; file_mode: string | null; allowed_users: string[]; allowed_roles: RoleKey[] };
  access_count: number;
  last_accessed: number | null;
  tags: string[];
  created_at: number;
  updated_at: number;
}

export interface StoredSnapshot {
  id: string;
  name: string;
  /** When the snapshot phase ends; a snapshot is listed once this is past. */
  created_at: number;
  size_gb: number;
}

/** A stop or restart under way: its start and plan; progress is computed when read (sim/phases.ts). */
export interface StoredOperation {
  kind: 'stop' | 'restart';
  started_at: number;
  /** [phase, duration ms] in the document's order, the final phase excluded. */
  phases: Array<[string, number]>;
  type: 'graceful' | 'forced';
  grace_period_minutes: number;
  timeout_minutes: number;
  snapshot_id: string | null;
  /** Stop only. */
  stop?: { hourly_rate_saved: number; session_cost_final: number; billing_stopped_at: number; volumes_preserved: string[] };
  /** Restart only. */
  restart?: { changes: string[]; old_hourly_rate: number; new_hourly_rate: number; rate_change_reason: string | null };
}

export interface StoredCluster {
  id: string;
  name: string;
  /** Settled status; `stopping`/`restarting` come from `operation`, `starting` ends at `starting_until`. */
  status: 'running' | 'stopped' | 'error' | 'starting';
  project_id: string;
  region: string;
  gpu: { type: GpuType; count: number };
  resources: { cpu_cores: number; memory_gb: number; storage_gb: number };
  hourly_rate: number;
  billing_started_at: number | null;
  billing_stopped_at: number | null;
  started_at: number | null;
  starting_until: number | null;
  last_accessed: number | null;
  created_at: number;
  template_id: string | null;
  template_name: string | null;
  container_image: string;
  snapshots: StoredSnapshot[];
  volumes: string[];
  proxy_url: string;
  proxy: { access: ProxyAccessControl; network: NetworkConfiguration; updated_at: number; ssl_valid_from: number; ssl_valid_until: number };
  ports: StoredPort[];
  team_members: string[];
  environment: Record<string, string>;
  secrets: StoredSecret[];
  operation: StoredOperation | null;
}

/** Templates are kept in their wire shape, without the derived estimated_hourly_cost. */
export type StoredTemplate = Omit<Template, 'default_configuration'> & {
  default_configuration: Omit<Template['default_configuration'], 'estimated_hourly_cost'>;
};

export interface ClustersState {
  clusters: StoredCluster[];
  templates: StoredTemplate[];
}

const index = new WeakMap<ClustersState, Map<string, StoredCluster>>();

/** The area's state; an empty one when a snapshot from before this area has none. */
export function clustersState(store: Store): ClustersState {
  let s = store.areas[AREA] as ClustersState | undefined;
  if (!s || !Array.isArray(s.clusters) || !Array.isArray(s.templates)) store.areas[AREA] = s = { clusters: [], templates: [] };
  return s;
}

export function findCluster(store: Store, id: string): StoredCluster | undefined {
  const s = clustersState(store);
  let byId = index.get(s);
  if (!byId || byId.size !== s.clusters.length) index.set(s, (byId = new Map(s.clusters.map((c) => [c.id, c]))));
  return byId.get(id);
}
