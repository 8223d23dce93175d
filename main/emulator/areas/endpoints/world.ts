// The endpoint area's part of the seeded world (docs/decisions.md, Endpoints: seeded world):
// seven endpoints, one or more in every health state, from the area's own generator.
import type { WorldDraft } from '../../core/area';
import { seededCreators } from '../../core/creators';
import type { Rng } from '../../core/rng';
import type { HealthStatus } from '../../../../shared/api/endpoints/common';
import type { EndpointsState, StoredEndpoint } from './state';

const DAY = 86_400_000;

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

export function buildEndpointsWorld(draft: WorldDraft, rng: Rng): EndpointsState {
  const now = draft.now;
  const endpoints = SEEDS.map((s): StoredEndpoint => {
    const created = now - rng.int(20, 120) * DAY - rng.int(0, DAY - 1);
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
    };
  });
  const creator = seededCreators(draft);
  endpoints.forEach((e, i) => (e.created_by = creator(i)));
  return { endpoints, batches: [], batch_seq: 0 };
}
