// The endpoint area's part of the seeded world (docs/decisions.md, Endpoints: seeded world):
// seven endpoints, one or more in every health state, from the area's own generator.
import type { WorldDraft } from '../../core/area';
import { seededCreators } from '../../core/creators';
import { Rng } from '../../core/rng';
import type { HealthStatus } from '../../../../shared/api/endpoints/common';
import { gpuHourlyPrice } from './sim/served';
import type { EndpointsState, StoredEndpoint } from './state';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Seed {
  name: string;
  model: string;
  gpu: string;
  gpuGb: number;
  modelGb: number;
  workers: number;
  concurrency: number;
  peakRps: number;
  latencyMs: number;
  health: HealthStatus;
  autoScaling: boolean;
}

const SEEDS: readonly Seed[] = [
  {
    name: 'llama3-70b-chat',
    model: 'meta-llama/Meta-Llama-3-70B-Instruct',
    gpu: 'A100_80GB',
    gpuGb: 80,
    modelGb: 38,
    workers: 4,
    concurrency: 8,
    peakRps: 6,
    latencyMs: 1800,
    health: 'healthy',
    autoScaling: true,
  },
  {
    name: 'sdxl-image-gen',
    model: 'stabilityai/stable-diffusion-xl-base-1.0',
    gpu: 'L40S',
    gpuGb: 48,
    modelGb: 14,
    workers: 3,
    concurrency: 2,
    peakRps: 0.9,
    latencyMs: 3500,
    health: 'healthy',
    autoScaling: false,
  },
  {
    name: 'whisper-transcribe',
    model: 'openai/whisper-large-v3',
    gpu: 'A10G',
    gpuGb: 24,
    modelGb: 9,
    workers: 2,
    concurrency: 4,
    peakRps: 1.6,
    latencyMs: 2600,
    health: 'degraded',
    autoScaling: false,
  },
  {
    name: 'bge-embeddings',
    model: 'BAAI/bge-large-en-v1.5',
    gpu: 'T4',
    gpuGb: 16,
    modelGb: 2,
    workers: 2,
    concurrency: 32,
    peakRps: 60,
    latencyMs: 45,
    health: 'unhealthy',
    autoScaling: true,
  },
  {
    name: 'mistral-7b-instruct',
    model: 'mistralai/Mistral-7B-Instruct-v0.3',
    gpu: 'A10G',
    gpuGb: 24,
    modelGb: 15,
    workers: 1,
    concurrency: 8,
    peakRps: 2,
    latencyMs: 900,
    health: 'starting',
    autoScaling: false,
  },
  {
    name: 'starcoder-nightly',
    model: 'bigcode/starcoder2-15b',
    gpu: 'A100_40GB',
    gpuGb: 40,
    modelGb: 31,
    workers: 1,
    concurrency: 4,
    peakRps: 0.8,
    latencyMs: 1500,
    health: 'stopped',
    autoScaling: false,
  },
  {
    name: 'vit-classifier',
    model: 'google/vit-huge-patch14-224-in21k',
    gpu: 'RTX_4090',
    gpuGb: 24,
    modelGb: 3,
    workers: 1,
    concurrency: 16,
    peakRps: 5,
    latencyMs: 120,
    health: 'error',
    autoScaling: false,
  },
];

/** Generated endpoints for benchmarks (EmulatorOptions.scale.endpoints): the seeded ones' shapes again, after them. */
const benchSeeds = (count: number): Seed[] =>
  Array.from({ length: count }, (_, i) => ({ ...SEEDS[i % SEEDS.length]!, name: `bench-endpoint-${String(i + 1).padStart(4, '0')}` }));

export function buildEndpointsWorld(draft: WorldDraft, rng: Rng): EndpointsState {
  const now = draft.now;
  const endpoints = [...SEEDS, ...benchSeeds(draft.options.scale?.endpoints ?? 0)].map((s): StoredEndpoint => {
    // Up to 180 days back: the serving history covers the longest usage period (one draw, as before).
    const created = now - rng.int(150, 179) * DAY - rng.int(0, DAY - 1);
    // The seeded starting endpoint is two minutes into its startup; the others settled days or hours ago.
    const since =
      s.health === 'starting'
        ? now - 120_000
        : s.health === 'healthy'
          ? now - rng.int(2, 15) * DAY - rng.int(0, DAY - 1)
          : now - rng.int(1, 36) * 3_600_000 - rng.int(0, 3_599_999);
    const workers = s.workers;
    return {
      id: `ep_${rng.base62(12)}`,
      name: s.name,
      model: s.model,
      model_id: null,
      version: `v${rng.int(1, 4)}.${rng.int(0, 12)}.${rng.int(0, 9)}`,
      gpu_type: s.gpu,
      model_memory_gb: s.modelGb,
      gpu_memory_gb: s.gpuGb,
      created_at: created,
      updated_at: Math.max(created, since - rng.int(0, 3_600_000)),
      health: s.health,
      health_since: since,
      startup: [rng.int(20, 40), rng.int(30, 60), rng.int(90, 240), rng.int(20, 45)],
      traffic: {
        peak_rps: Math.round(s.peakRps * (0.8 + 0.4 * rng.next()) * 100) / 100,
        latency_ms: s.latencyMs,
        peak_hour: rng.int(13, 19),
      },
      configuration: {
        workerCount: workers,
        maxConcurrency: s.concurrency,
        timeoutSeconds: s.latencyMs > 2000 ? 600 : 300,
        environmentVariables: { MODEL_ID: s.model, LOG_LEVEL: 'info', ...(s.gpuGb >= 48 ? { TENSOR_PARALLEL: '1' } : {}) },
        autoScaling: {
          enabled: s.autoScaling,
          minWorkers: s.autoScaling ? 1 : workers,
          maxWorkers: s.autoScaling ? Math.max(workers, 8) : workers,
          targetUtilization: 70,
          scaleUpCooldown: 60,
          scaleDownCooldown: 300,
        },
      },
      rollout: null,
      serving_history: [],
      rate_since: null,
      callers: [],
      api_executions: [],
    };
  });
  const creator = seededCreators(draft);
  const members = draft
    .directory()
    .members()
    .filter((m) => m.status === 'active')
    .map((m) => m.id);
  for (const [i, e] of endpoints.entries()) {
    e.created_by = creator(i);
    e.serving_history = pastServing(draft.seed, e);
    e.callers = seededCallers(draft.seed, e, members);
  }
  return { endpoints, batches: [], batch_seq: 0 };
}

/**
 * What a seeded endpoint served before its current state, back to its creation: sessions of 3
 * to 40 days, 2 to 72 hours apart, each with up to two worker-count changes (within its
 * auto-scaling range, else one worker either side of today's count), served healthy. A stopped
 * endpoint's last session ended when it stopped, a degraded or unhealthy one's when its health
 * turned (it served on); a healthy, starting or failed one was started again after a pause.
 * From a stream of its own, so no other seeded value moves.
 */
function pastServing(seed: number, e: StoredEndpoint): StoredEndpoint['serving_history'] {
  const rng = Rng.derive(seed, `serving-history:${e.id}`);
  const a = e.configuration.autoScaling;
  const w = e.configuration.workerCount;
  const [lo, hi] = a.enabled ? [Math.max(1, a.minWorkers), a.maxWorkers] : [Math.max(1, w - 1), w + 1];
  const price = gpuHourlyPrice(e.gpu_type);
  const out: StoredEndpoint['serving_history'] = [];
  const continues = e.health === 'stopped' || e.health === 'degraded' || e.health === 'unhealthy';
  let end = continues ? e.health_since : e.health_since - rng.int(2, 72) * HOUR;
  for (;;) {
    const start = Math.max(e.created_at, end - rng.int(3, 40) * DAY - rng.int(0, DAY - 1));
    if (end - start < HOUR) break;
    // Cuts where the worker count changed, latest first (the session is built backwards).
    const cuts = Array.from({ length: rng.int(0, 2) }, () => start + Math.floor(rng.next() * (end - start))).sort((x, y) => y - x);
    let to = end;
    for (const from of [...cuts, start]) {
      if (to <= from) continue;
      const workers = rng.int(lo, hi);
      out.push({ start: from, end: to, workers, usd_per_hour: workers * price, health: 'healthy', incidents_from: start });
      to = from;
    }
    end = start - rng.int(2, 72) * HOUR;
  }
  return out.reverse();
}

/** One to three seeded members who call the endpoint, with their shares of its traffic (percent, summing to 100). */
function seededCallers(seed: number, e: StoredEndpoint, members: readonly string[]): StoredEndpoint['callers'] {
  if (members.length === 0) return [];
  const rng = Rng.derive(seed, `callers:${e.id}`);
  const pool = [...members];
  const picked = Array.from(
    { length: Math.min(pool.length, rng.int(1, 3)) },
    () => pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!,
  );
  const weights = picked.map(() => 1 + rng.int(0, 9));
  const sum = weights.reduce((x, y) => x + y, 0);
  const percents = weights.map((x) => Math.max(1, Math.floor((x * 100) / sum)));
  percents[0]! += 100 - percents.reduce((x, y) => x + y, 0);
  return picked.map((user_id, i) => ({ user_id, percent: percents[i]! }));
}
