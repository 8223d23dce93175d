// The seeded training jobs (docs/decisions.md, Training: jobs — seeded world): one completed with
// its model, one failed by divergence, one stopped with a checkpoint, one running now, one
// pending — on the seeded datasets, planned by the same code as a create.
import type { TrainingGpuType } from '../../../../../shared/api/training/catalog';
import type { JobPriority, ModelType, TrainingJobConfig } from '../../../../../shared/api/training/jobs';
import type { Rng } from '../../../core/rng';
import type { StoredDataset, StoredJob } from '../state';
import { seedOf } from './sim/loss-model';
import { planJob, resolveConfig } from './sim/plan';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface JobSeed {
  name: string;
  modelType: ModelType;
  /** Index into the seeded datasets (a ready one). */
  dataset: number;
  config: TrainingJobConfig;
  gpu: TrainingGpuType;
  workers: number;
  priority: JobPriority;
  tags: string[];
  description: string;
  /** When it was created, from now, given the run's length (ms). */
  createdAgo: (runMs: number, provisionMs: number) => number;
  /** Stopped at this fraction of the run, with a checkpoint. */
  stopAt?: number;
}

const SEEDS: readonly JobSeed[] = [
  {
    name: 'support-assistant-v1',
    modelType: 'llm',
    dataset: 0,
    config: {
      baseModel: 'llama-3-8b',
      strategy: 'lora',
      parameters: { rank: 16, alpha: 32, dropout: 0.05, target_modules: ['q_proj', 'k_proj', 'v_proj', 'o_proj'] },
      training: { epochs: 3, batch_size: 4, learning_rate: 2e-4, warmup_steps: 5, lr_scheduler_type: 'cosine' },
      optimization: { mixed_precision: 'bf16', gradient_checkpointing: false, max_grad_norm: 1 },
    },
    gpu: 'a100',
    workers: 2,
    priority: 'normal',
    tags: ['support', 'baseline'],
    description: 'First LoRA fine-tune on the support conversations',
    createdAgo: () => 5 * DAY,
  },
  {
    name: 'support-assistant-lr-1e-2',
    modelType: 'llm',
    dataset: 0,
    config: {
      baseModel: 'llama-3-8b',
      strategy: 'lora',
      parameters: { rank: 16, alpha: 32 },
      training: { epochs: 3, batch_size: 4, learning_rate: 1e-2, warmup_steps: 20, lr_scheduler_type: 'cosine' },
    },
    gpu: 'a100',
    workers: 1,
    priority: 'normal',
    tags: ['support', 'lr-sweep'],
    description: 'Learning-rate sweep: the high end',
    createdAgo: () => 4 * DAY,
  },
  {
    name: 'review-sentiment-qwen-full',
    modelType: 'llm',
    dataset: 1,
    config: {
      baseModel: 'qwen2-0.5b',
      strategy: 'full',
      training: { epochs: 10, batch_size: 16, learning_rate: 2e-5, lr_scheduler_type: 'linear' },
    },
    gpu: 'a100',
    workers: 1,
    priority: 'low',
    tags: ['reviews'],
    description: 'Full fine-tune of a small model; stopped to free the GPUs',
    createdAgo: () => DAY,
    stopAt: 0.45,
  },
  {
    name: 'review-sentiment-mistral',
    modelType: 'llm',
    dataset: 1,
    config: {
      baseModel: 'mistral-7b',
      strategy: 'lora',
      parameters: { rank: 32, alpha: 64 },
      training: { epochs: 40, batch_size: 8, max_seq_length: 2048, learning_rate: 3e-4, warmup_steps: 50, lr_scheduler_type: 'cosine' },
      optimization: { gradient_checkpointing: true },
    },
    gpu: 'h100',
    workers: 1,
    priority: 'high',
    tags: ['reviews', 'long-run'],
    description: 'Many epochs over a small dataset: watch the validation loss turn',
    createdAgo: (runMs, provisionMs) => provisionMs + Math.round(runMs * 0.4),
  },
  {
    name: 'support-assistant-v2',
    modelType: 'llm',
    dataset: 0,
    config: { baseModel: 'llama-2-13b', strategy: 'lora', parameters: { rank: 64 }, training: { epochs: 5 } },
    gpu: 'a100',
    workers: 4,
    priority: 'low',
    tags: ['support'],
    description: 'Bigger base model, higher rank',
    createdAgo: () => 30_000,
  },
];

export function buildTrainingJobs(rng: Rng, worldSeed: number, now: number, datasets: readonly StoredDataset[]): StoredJob[] {
  return SEEDS.map((seed) => {
    const dataset = datasets[seed.dataset]!;
    const examples = dataset.analysis!.examples;
    const id = `job_${rng.base62(16)}`;
    const resolved = resolveConfig(seed.modelType, seed.config, examples, seed.workers);
    const plan = planJob(resolved, examples, seed.gpu, seed.workers, seed.priority);
    const created = now - seed.createdAgo(plan.total_steps * plan.step_ms, plan.provision_ms);
    const start = created + plan.provision_ms;
    const job: StoredJob = {
      id,
      name: seed.name,
      model_type: seed.modelType,
      dataset_id: dataset.id,
      config: seed.config,
      description: seed.description,
      tags: seed.tags,
      gpu_type: seed.gpu,
      workers: seed.workers,
      priority: seed.priority,
      created_at: created,
      updated_at: created,
      seed: seedOf(worldSeed, id),
      examples,
      plan,
      segments: [{ start, from_step: 0, stop: null }],
      stop: null,
      cancelled_at: null,
      saved_checkpoints: [],
      model_id: null,
    };
    if (seed.stopAt !== undefined) {
      const step = Math.round(plan.total_steps * seed.stopAt);
      const at = start + step * plan.step_ms;
      job.segments[0]!.stop = at;
      job.stop = { at, reason: 'Freeing the A100s for the v2 run', step, saved: true };
      job.saved_checkpoints.push({ step, at });
      job.updated_at = at;
    }
    return job;
  });
}

/**
 * Generated jobs for benchmarks (EmulatorOptions.scale.trainingJobs): the seeded jobs' shapes
 * again, created over the last 90 days, each stopped part-way (so none makes a model).
 */
export function benchTrainingJobs(
  rng: Rng,
  worldSeed: number,
  now: number,
  datasets: readonly StoredDataset[],
  count: number,
): StoredJob[] {
  const jobs: StoredJob[] = [];
  for (let i = 1; i <= count; i++) {
    const seed = SEEDS[i % SEEDS.length]!;
    const dataset = datasets[seed.dataset]!;
    const examples = dataset.analysis!.examples;
    const id = `job_${rng.base62(16)}`;
    const resolved = resolveConfig(seed.modelType, seed.config, examples, seed.workers);
    const plan = planJob(resolved, examples, seed.gpu, seed.workers, seed.priority);
    const created = now - rng.int(1, 90) * DAY - rng.int(0, DAY - 1);
    const start = created + plan.provision_ms;
    const step = Math.max(1, Math.round(plan.total_steps * (0.1 + 0.8 * rng.next())));
    const at = Math.min(now - 1, start + step * plan.step_ms);
    jobs.push({
      id,
      name: `bench-job-${String(i).padStart(4, '0')}`,
      model_type: seed.modelType,
      dataset_id: dataset.id,
      config: seed.config,
      description: seed.description,
      tags: ['bench'],
      gpu_type: seed.gpu,
      workers: seed.workers,
      priority: seed.priority,
      created_at: created,
      updated_at: at,
      seed: seedOf(worldSeed, id),
      examples,
      plan,
      segments: [{ start, from_step: 0, stop: at }],
      stop: { at, reason: 'Benchmark world', step, saved: false },
      cancelled_at: null,
      saved_checkpoints: [],
      model_id: null,
    });
  }
  return jobs;
}
