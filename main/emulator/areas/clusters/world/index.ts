// The cluster area's part of the seeded world: clusters in every status with GPUs of several
// types, port mappings, snapshots, team members, secrets and templates; optionally many
// generated clusters for benchmarks (EmulatorOptions.scale). Deterministic from the seed.
import { estimateHourlyRate, type GpuType } from '../../../../../shared/api/clusters/common';
import type { NetworkConfiguration, ProxyAccessControl } from '../../../../../shared/api/clusters/proxy';
import { randomBytes } from 'node:crypto';
import type { WorldDraft } from '../../../core/area';
import { Rng } from '../../../core/rng';
import { SecretCipher } from '../../../core/secret-cipher';
import { secretAad } from '../secrets/routes';
import { planRestart, planStop } from '../sim/phases';
import type { ClustersState, StoredCluster, StoredPort } from '../state';
import { BILLING_HISTORY_MAX } from '../stored-schema';
import { bulkSecrets, seedSecrets } from './secrets';
import { seedTemplates } from './templates';
import { seededCreators } from '../../../core/creators';
import { seededLogDownloads } from './transfers';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
type Seeded = 'running' | 'stopped' | 'error' | 'starting' | 'stopping' | 'restarting';

interface Spec {
  name: string;
  status: Seeded;
  gpu: [GpuType, number];
  cpu: number;
  memory: number;
  storage: number;
  project: string;
  region: string;
  template: string;
  ports: Array<[number, string]>;
  secrets: number;
  snapshots: number;
}

const SPECS: Spec[] = [
  {
    name: 'llm-pretraining',
    status: 'running',
    gpu: ['H100', 8],
    cpu: 96,
    memory: 1024,
    storage: 4000,
    project: 'proj_research',
    region: 'us-east-1',
    template: 'Team LLM finetune',
    ports: [
      [8888, 'Jupyter Lab'],
      [6006, 'TensorBoard'],
      [8000, 'Inference API preview'],
    ],
    secrets: 9,
    snapshots: 3,
  },
  {
    name: 'inference-api',
    status: 'running',
    gpu: ['A100_80GB', 4],
    cpu: 32,
    memory: 256,
    storage: 1000,
    project: 'proj_inference',
    region: 'us-west-2',
    template: 'Production Inference Server',
    ports: [
      [8000, 'Inference API'],
      [8002, 'Prometheus metrics'],
    ],
    secrets: 4,
    snapshots: 1,
  },
  {
    name: 'notebook-sandbox',
    status: 'running',
    gpu: ['L40S', 2],
    cpu: 16,
    memory: 64,
    storage: 200,
    project: 'proj_sandbox',
    region: 'eu-west-1',
    template: 'Jupyter Data Science',
    ports: [[8888, 'Jupyter Lab']],
    secrets: 2,
    snapshots: 0,
  },
  {
    name: 'vision-finetune',
    status: 'stopped',
    gpu: ['A100_40GB', 2],
    cpu: 24,
    memory: 192,
    storage: 800,
    project: 'proj_research',
    region: 'us-east-1',
    template: 'CV training baseline',
    ports: [[6006, 'TensorBoard']],
    secrets: 3,
    snapshots: 2,
  },
  {
    name: 'cv-experiments',
    status: 'error',
    gpu: ['RTX_4090', 1],
    cpu: 8,
    memory: 48,
    storage: 250,
    project: 'proj_research',
    region: 'eu-west-1',
    template: 'CV training baseline',
    ports: [[8888, 'Jupyter Lab']],
    secrets: 1,
    snapshots: 1,
  },
  {
    name: 'ci-smoke-tests',
    status: 'starting',
    gpu: ['T4', 1],
    cpu: 4,
    memory: 16,
    storage: 50,
    project: 'proj_sandbox',
    region: 'us-west-2',
    template: 'Sandbox dev box',
    ports: [[8080, 'Web preview']],
    secrets: 1,
    snapshots: 0,
  },
  {
    name: 'batch-embeddings',
    status: 'stopping',
    gpu: ['A10G', 2],
    cpu: 16,
    memory: 64,
    storage: 300,
    project: 'proj_inference',
    region: 'ap-southeast-1',
    template: 'Hugging Face Transformers',
    ports: [
      [8000, 'Embedding API'],
      [9090, 'Batch status page'],
    ],
    secrets: 2,
    snapshots: 1,
  },
  {
    name: 'rlhf-sweep',
    status: 'restarting',
    gpu: ['H100', 2],
    cpu: 32,
    memory: 256,
    storage: 1000,
    project: 'proj_research',
    region: 'us-east-1',
    template: 'Hugging Face Transformers',
    ports: [
      [8888, 'Jupyter Lab'],
      [7860, 'Gradio demo'],
    ],
    secrets: 3,
    snapshots: 2,
  },
];

const BENCH_GPUS: GpuType[] = ['H100', 'A100_80GB', 'A100_40GB', 'L40S', 'A10G', 'RTX_4090', 'T4'];
const BENCH_STATUSES: Seeded[] = ['running', 'running', 'running', 'stopped', 'error'];

function defaultAccess(rng: Rng): ProxyAccessControl {
  return {
    default_authentication: true,
    session_timeout_minutes: rng.pick([30, 60, 120, 480]),
    max_concurrent_sessions: rng.pick([5, 10, 25]),
    ip_whitelist: rng.next() < 0.4 ? ['10.0.0.0/8', '192.168.1.0/24'] : [],
    blocked_ips: rng.next() < 0.3 ? ['198.51.100.23'] : [],
    rate_limiting: {
      global_limit: { requests_per_minute: 6000, burst_size: 500 },
      per_user_limit: { requests_per_minute: 600, burst_size: 50 },
    },
    security_headers: { hsts_enabled: true, content_security_policy: "default-src 'self'", x_frame_options: 'SAMEORIGIN' },
  };
}

const defaultNetwork = (): NetworkConfiguration => ({
  load_balancer: { enabled: true, algorithm: 'round_robin', health_check_enabled: true },
  ssl_termination: 'proxy',
  websocket_support: true,
  compression: { enabled: true, algorithms: ['gzip', 'br'] },
});

function port(
  rng: Rng,
  internal: number,
  description: string,
  external: number,
  created: number,
  now: number,
  members: string[],
  up: boolean,
): StoredPort {
  const isPublic = description.includes('demo');
  return {
    id: `port_${rng.base62(12)}`,
    internal_port: internal,
    external_port: external,
    protocol: 'tcp',
    description,
    health_check: {
      enabled: true,
      path: description.includes('Jupyter') ? '/api/status' : description.includes('API') ? '/v1/health' : '/',
      interval_seconds: rng.pick([15, 30, 60]),
      timeout_seconds: 5,
    },
    health: up ? (rng.next() < 0.85 ? 'healthy' : 'unhealthy') : 'unknown',
    consecutive_failures: 0,
    access_control: {
      authentication_required: !isPublic,
      allowed_users: !isPublic && members.length > 1 && rng.next() < 0.5 ? members.slice(0, 2) : [],
      ip_whitelist: rng.next() < 0.25 ? ['10.0.0.0/8'] : [],
      rate_limit: rng.next() < 0.5 ? { requests_per_minute: rng.pick([60, 120, 600]), burst_size: rng.pick([10, 20, 50]) } : null,
      public_access: isPublic,
    },
    custom_domain: description.includes('Inference API') ? 'api.acme-gpu.example.com' : null,
    stats: {
      total_requests: rng.int(100, 250_000),
      unique_visitors: rng.int(1, 40),
      avg_response_time_ms: rng.int(8, 400),
      last_accessed: now - rng.int(1, 600) * MIN,
    },
    created_at: created,
    updated_at: created + rng.int(0, 5) * DAY,
  };
}

function cluster(
  draft: WorldDraft,
  rng: Rng,
  spec: Spec,
  templates: ClustersState['templates'],
  seal: (aad: string, v: string) => string,
  secretsOffset: number,
): StoredCluster {
  const now = draft.now;
  const id = `cluster_${rng.base62(12)}`;
  const members = draft
    .directory()
    .members()
    .filter((m) => m.status === 'active')
    .map((m) => m.id)
    // The seeded team's first members only: a generated large team (--members) keeps cluster teams small.
    .slice(0, 12);
  // No active member (possible in a migrated snapshot, world/builder.ts seedMissingAreas): no team; same draws either way.
  const team = members.length ? [members[0]!, ...members.slice(1).filter(() => rng.next() < 0.6)] : [];
  const created = now - rng.int(5, 180) * DAY;
  const up = spec.status === 'running' || spec.status === 'stopping' || spec.status === 'restarting';
  const startedAt = up ? now - rng.int(2, 400) * HOUR : null;
  const [gpuType, gpuCount] = spec.gpu;
  const template = templates.find((t) => t.name === spec.template);
  const sslFrom = now - rng.int(10, 85) * DAY;
  const c: StoredCluster = {
    id,
    name: spec.name,
    status: spec.status === 'stopping' ? 'running' : spec.status === 'restarting' ? 'running' : spec.status,
    project_id: spec.project,
    region: spec.region,
    gpu: { type: gpuType, count: gpuCount },
    resources: { cpu_cores: spec.cpu, memory_gb: spec.memory, storage_gb: spec.storage },
    hourly_rate: estimateHourlyRate({
      gpu_type: gpuType,
      gpu_count: gpuCount,
      cpu_cores: spec.cpu,
      memory_gb: spec.memory,
      storage_gb: spec.storage,
    }),
    billing_started_at: startedAt ?? now - rng.int(30, 200) * HOUR,
    billing_stopped_at: null,
    billing_history: [],
    rate_since: null,
    started_at: startedAt,
    starting_until: spec.status === 'starting' ? now + 2 * MIN : null,
    last_accessed: now - rng.int(1, 300) * MIN,
    created_at: created,
    template_id: template?.id ?? null,
    template_name: template?.name ?? null,
    container_image: template?.container_image ?? 'registry.gpu-console.example.com/official/base:cuda12.2',
    snapshots: [],
    volumes: ['root', 'data', ...(spec.storage >= 1000 ? ['checkpoints'] : [])],
    proxy_url: `https://${spec.name}-${id.slice(8, 14).toLowerCase()}.proxy.gpu-console.example.com`,
    proxy: {
      access: defaultAccess(rng),
      network: defaultNetwork(),
      updated_at: created + DAY,
      ssl_valid_from: sslFrom,
      ssl_valid_until: sslFrom + 90 * DAY,
    },
    ports: [],
    team_members: team,
    environment: {
      CUDA_VISIBLE_DEVICES: Array.from({ length: gpuCount }, (_, i) => i).join(','),
      PROJECT: spec.project,
      ...template?.environment_variables,
    },
    secrets: [],
    lifecycle: null,
  };
  if (spec.status === 'stopped' || spec.status === 'error') {
    c.billing_stopped_at = c.billing_started_at! + rng.int(1, 20) * HOUR;
    c.last_accessed = c.billing_stopped_at;
  }
  if (spec.status === 'starting') c.billing_started_at = now - MIN;
  c.billing_history = pastBilling(draft.seed, c);
  spec.ports.forEach(([internal, description], i) => c.ports.push(port(rng, internal, description, 30000 + i, created, now, team, up)));
  for (let i = 0; i < spec.snapshots; i++) {
    const at = created + rng.int(1, Math.max(1, Math.floor((now - created) / DAY) - 1)) * DAY;
    c.snapshots.push({
      id: `snap_${rng.base62(12)}`,
      name: `${spec.name}-${new Date(at).toISOString().slice(0, 10)}`,
      created_at: at,
      size_gb: Math.round(spec.storage * (0.2 + rng.next() * 0.4)),
    });
  }
  c.snapshots.sort((a, b) => a.created_at - b.created_at);
  c.secrets = seedSecrets(rng, (name, value) => seal(secretAad(id, name), value), now, team, spec.secrets, secretsOffset);
  addOperation(draft, rng, c, spec.status);
  return c;
}

/**
 * The sessions a seeded cluster ran before its current one, back to its creation: 2 to 120 hours
 * each, 6 to 72 hours apart, at its rate (its configuration never changed). From a stream of
 * their own, so no other seeded value moves (docs/decisions.md, Clusters: billing history).
 */
function pastBilling(seed: number, c: StoredCluster): StoredCluster['billing_history'] {
  const rng = Rng.derive(seed, `billing:${c.id}`);
  const spans: StoredCluster['billing_history'] = [];
  let end = c.billing_started_at! - rng.int(6, 72) * HOUR;
  while (spans.length < BILLING_HISTORY_MAX) {
    const start = Math.max(c.created_at, end - rng.int(2, 120) * HOUR);
    if (end - start < HOUR) break;
    spans.push({ start, end, hourly_rate: c.hourly_rate });
    end = start - rng.int(6, 72) * HOUR;
  }
  return spans.reverse();
}

/** The seeded stopping and restarting clusters are part-way through their stop or restart. */
function addOperation(draft: WorldDraft, rng: Rng, c: StoredCluster, status: Seeded): void {
  const now = draft.now;
  if (status !== 'stopping' && status !== 'restarting') return;
  const startedAt = now - (status === 'stopping' ? 3 : 2) * MIN;
  const plan = { seed: draft.seed, clusterId: c.id, startedAt, force: false, gracePeriodMinutes: 5, keepState: false };
  c.lifecycle = {
    kind: status === 'stopping' ? 'stop' : 'restart',
    started_at: startedAt,
    phases: status === 'stopping' ? planStop(plan) : planRestart(plan),
    type: 'graceful',
    grace_period_minutes: 5,
    timeout_minutes: 10,
    snapshot_id: null,
  };
  if (status === 'stopping') {
    c.billing_stopped_at = startedAt;
    const cost = Math.round(((c.hourly_rate * (startedAt - c.billing_started_at!)) / HOUR) * 100) / 100;
    c.lifecycle.stop = {
      hourly_rate_saved: c.hourly_rate,
      session_cost_final: cost,
      billing_stopped_at: startedAt,
      volumes_preserved: [...c.volumes],
    };
  } else {
    c.lifecycle.restart = {
      changes: [`environment LOG_LEVEL ${rng.pick(['added', 'updated'])}`],
      old_hourly_rate: c.hourly_rate,
      new_hourly_rate: c.hourly_rate,
      rate_change_reason: null,
    };
    c.environment.LOG_LEVEL = 'debug';
  }
}

function benchCluster(draft: WorldDraft, rng: Rng, i: number, seal: (aad: string, v: string) => string, secrets: number): StoredCluster {
  const gpu = BENCH_GPUS[i % BENCH_GPUS.length]!;
  const spec: Spec = {
    name: `bench-cluster-${String(i).padStart(4, '0')}`,
    status: BENCH_STATUSES[i % BENCH_STATUSES.length]!,
    gpu: [gpu, 1 << (i % 4)],
    cpu: 8 * (1 + (i % 4)),
    memory: 64 * (1 + (i % 4)),
    storage: 100 * (1 + (i % 8)),
    project: `proj_bench_${i % 10}`,
    region: 'us-east-1',
    template: '',
    ports: [[8888, 'Jupyter Lab']],
    secrets: 0,
    snapshots: i % 3,
  };
  const c = cluster(draft, rng, spec, [], seal, 0);
  c.secrets = bulkSecrets(rng, (name, value) => seal(secretAad(c.id, name), value), draft.now, secrets);
  return c;
}

let fallbackCipher: SecretCipher | null = null;

/** The area's part of the seeded world. */
export function buildClustersWorld(draft: WorldDraft, rng: Rng): ClustersState {
  {
    // Without a sealer (a world built only for its keys) values are sealed with a throwaway key.
    const seal = draft.options.sealSecret ?? ((aad, v) => (fallbackCipher ??= new SecretCipher(randomBytes(32))).sealSeeded(aad, v));
    // A migrated snapshot may have no owner member: its account's owner id stands in.
    const directory = draft.directory();
    const org = directory.organization();
    const owner = directory.members().find((m) => m.role === 'owner');
    const author = owner ? { id: owner.id, username: owner.username ?? 'owner' } : { id: org.ownerId, username: 'owner' };
    const templates = seedTemplates(rng, draft.now, author, org.name);
    const clusters = SPECS.map((spec, i) => cluster(draft, rng, spec, templates, seal, i));
    const scale = draft.options.scale ?? {};
    for (let i = 1; i <= (scale.clusters ?? 0); i++) clusters.push(benchCluster(draft, rng, i, seal, scale.secretsPerCluster ?? 0));
    const creator = seededCreators(draft);
    clusters.forEach((c, i) => (c.created_by = creator(i)));
    // The named seeded clusters' downloads (a benchmark's generated ones have none).
    return { clusters, templates, transfers: seededLogDownloads(draft.seed, clusters.slice(0, SPECS.length), draft.now) };
  }
}
