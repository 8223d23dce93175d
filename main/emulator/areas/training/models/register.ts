// A completed training job registers a model (docs/decisions.md, Training: jobs — models): the
// record is made the first time anything reads the training area after the job's completion
// instant, with that instant as its creation time and an id derived from the job, so when it is
// made never changes what it is.
import { Rng } from '../../../core/rng';
import { transformerShape, trainableParameters } from '../jobs/sim/plan';
import { JobRun } from '../jobs/sim/run';
import { trainingRecord } from '../records';
import { AREA, type StoredJob, type StoredModel, type StoredModelVersion, type TrainingState } from '../state';
import type { Store } from '../../../state/store';
import { checksumOf, sizeOf, type ModelFileSpec } from './files';

const round = (v: number, digits = 4) => Number(v.toFixed(digits));

const modelIdOf = (job: StoredJob) => `model_${Rng.derive(job.seed, `model:${job.id}`).base62(16)}`;

export function filesOf(run: JobRun): ModelFileSpec[] {
  const c = run.config;
  const rng = Rng.derive(run.job.seed, 'files');
  if (c.kind === 'vision') {
    return [
      {
        name: 'config.json',
        type: 'config',
        content: {
          kind: 'json',
          text: JSON.stringify({ architecture: c.architecture, num_classes: c.num_classes, input_size: c.input_size }, null, 2),
        },
      },
      { name: 'pytorch_model.bin', type: 'weights', content: { kind: 'blocks', size: Math.round(c.parameters * 4) + 1024 } },
    ];
  }
  const { layers, hidden } = transformerShape(c.parameters);
  const config = {
    base_model: c.baseModel,
    num_hidden_layers: layers,
    hidden_size: hidden,
    torch_dtype: c.mixed_precision === 'fp32' ? 'float32' : 'bfloat16',
  };
  const tokenizer: ModelFileSpec = {
    name: 'tokenizer.json',
    type: 'tokenizer',
    content: { kind: 'blocks', size: rng.int(1_800_000, 2_200_000) },
  };
  if (c.lora === null)
    return [
      { name: 'config.json', type: 'config', content: { kind: 'json', text: JSON.stringify(config, null, 2) } },
      { name: 'model.safetensors', type: 'weights', content: { kind: 'blocks', size: Math.round(c.parameters * 2) + 8192 } },
      tokenizer,
    ];
  const adapter = {
    peft_type: 'LORA',
    base_model_name_or_path: c.baseModel,
    r: c.lora.rank,
    lora_alpha: c.lora.alpha,
    lora_dropout: c.lora.dropout,
    target_modules: c.lora.target_modules,
    task_type: 'CAUSAL_LM',
  };
  return [
    { name: 'adapter_config.json', type: 'config', content: { kind: 'json', text: JSON.stringify(adapter, null, 2) } },
    { name: 'adapter_model.safetensors', type: 'weights', content: { kind: 'blocks', size: trainableParameters(c) * 2 + 8192 } },
    { name: 'config.json', type: 'config', content: { kind: 'json', text: JSON.stringify(config, null, 2) } },
    tokenizer,
  ];
}

/** What a completed job produced, as a version of a model whose weight bytes derive from `contentKey`. */
export function versionFromJob(
  job: StoredJob,
  run: JobRun,
  completedAt: number,
  runningMs: number,
  contentKey: string,
  version: string,
  description: string | null,
  changelog: string[],
): StoredModelVersion {
  const c = run.config;
  const total = job.plan.total_steps;
  const files = filesOf(run).map((f) => ({
    name: f.name,
    size: sizeOf(f.content),
    type: f.type,
    checksum: checksumOf(contentKey, f),
    ...(f.content.kind === 'json' ? { text: f.content.text } : {}),
  }));
  const bytes = files.reduce((n, f) => n + f.size, 0);
  const finalLoss = run.model.trainLoss(total);
  const valLoss = run.model.validationLoss(total);
  const language = c.kind === 'language';
  return {
    version,
    training_job_id: job.id,
    dataset_id: job.dataset_id,
    description,
    changelog,
    base_model: c.baseModel ?? c.architecture,
    architecture: language
      ? { family: 'transformer', ...transformerShape(c.parameters), parameters: c.parameters }
      : { family: c.architecture, input_size: c.input_size, num_classes: c.num_classes, parameters: c.parameters },
    training: {
      strategy: c.strategy,
      parameters: c.lora ?? {},
      epochs: c.epochs,
      final_learning_rate: run.model.learningRate(total),
      total_steps: total,
      training_time: Math.round(runningMs / 1000),
    },
    size: {
      parameters: Math.round(c.parameters),
      trainable_parameters: Math.round(trainableParameters(c)),
      bytes,
      // Weights barely compress; JSON does.
      compressed: Math.round(bytes * 0.93),
    },
    metrics: {
      training: { finalLoss: round(finalLoss), bestLoss: round(run.bestLoss(total) ?? finalLoss), steps: total },
      validation: {
        loss: round(valLoss),
        accuracy: round(Math.exp(language ? -valLoss / 2 : -valLoss)),
        ...(language ? { perplexity: round(Math.exp(valLoss), 3) } : {}),
      },
      custom: {},
    },
    files,
    content_key: contentKey,
    derived_from: null,
    created_at: completedAt,
  };
}

/** Copies a version into the model's top-level fields (they are always the latest version's). */
export function applyVersion(m: StoredModel, v: StoredModelVersion): void {
  m.version = v.version;
  m.training_job_id = v.training_job_id;
  m.dataset_id = v.dataset_id;
  m.base_model = v.base_model;
  m.architecture = v.architecture;
  m.training = v.training;
  m.size = v.size;
  m.metrics = v.metrics;
  m.files = v.files.map(({ name, size, type, checksum }) => ({ name, size, type, checksum }));
}

export function modelFromJob(job: StoredJob, run: JobRun, completedAt: number, runningMs: number): StoredModel {
  const id = modelIdOf(job);
  const v = versionFromJob(job, run, completedAt, runningMs, id, 'v1.0.0', job.description, []);
  const model: StoredModel = {
    id,
    name: job.name,
    type: job.model_type,
    status: 'ready',
    description: job.description,
    base_model: null,
    version: '',
    training_job_id: null,
    dataset_id: null,
    architecture: {},
    training: {},
    size: v.size,
    metrics: v.metrics,
    files: [],
    tags: job.tags,
    metadata: { source: 'training', trainingJobName: job.name },
    created_at: completedAt,
    updated_at: completedAt,
    versions: [v],
    deployments: [],
    archive: null,
    downloads: [],
    // Whoever trained it (issue 21, usage by team).
    created_by: job.created_by ?? null,
  };
  applyVersion(model, v);
  return model;
}

/**
 * Registers the models of jobs completed by `now` that have none yet (reads call this first).
 * Returns whether anything changed.
 */
export function settleJobs(state: TrainingState, store: Store | null, now: number): boolean {
  let changed = false;
  for (const job of state.jobs) {
    if (job.model_id !== null) continue;
    const run = new JobRun(job);
    const t = run.at(now);
    if (t.status !== 'completed' || t.endedAt === null) continue;
    const model = modelFromJob(job, run, t.endedAt, t.runningMs);
    job.model_id = model.id;
    if (!state.models.some((m) => m.id === model.id)) state.models.push(model);
    store?.touch(AREA, trainingRecord.job(job.id));
    store?.touch(AREA, trainingRecord.model(model.id));
    changed = true;
  }
  return changed;
}
