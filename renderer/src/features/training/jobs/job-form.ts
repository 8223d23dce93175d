// The new-training-job form: what to train (model type, base model or architecture, dataset),
// on what (GPU type, workers, priority), and the config keys the platform reads (strategy, LoRA
// parameters, training, optimization; docs/decisions.md, Training: jobs). Blank config fields
// take the platform's defaults (shown as placeholders). Errors say the rule in the user's words
// on their field; the estimate is the emulator's own plan (shared/api/training/job-plan.ts).
import type { NormalizedError } from '../../../../../shared/api/errors';
import {
  BASE_MODELS,
  baseModelParameters,
  TRAINING_GPUS,
  VISION_ARCHITECTURES,
  type TrainingGpuType,
} from '../../../../../shared/api/training/catalog';
import { estimateJobCost, type JobCostEstimate } from '../../../../../shared/api/training/job-plan';
import {
  CreateTrainingJobRequest,
  JOB_LIMITS,
  type JobPriority,
  type LrScheduler,
  type ModelType,
  type TrainingJobConfig,
  type TrainingStrategy,
} from '../../../../../shared/api/training/jobs';
import { placeApiError } from '../../../components/form/api-error-fields';
import type { FormResult } from '../../../components/form/form-result';
import type { ServerFieldError } from '../../../components/form/use-validated-form';

export interface JobForm {
  name: string;
  modelType: ModelType;
  datasetId: string;
  baseModel: string;
  architecture: string;
  strategy: TrainingStrategy;
  gpuType: TrainingGpuType;
  workers: string;
  priority: JobPriority;
  rank: string;
  alpha: string;
  dropout: string;
  epochs: string;
  batchSize: string;
  learningRate: string;
  weightDecay: string;
  warmupSteps: string;
  gradientAccumulation: string;
  scheduler: LrScheduler | '';
  maxSeqLength: string;
  mixedPrecision: 'bf16' | 'fp16' | 'fp32' | '';
  gradientCheckpointing: boolean;
}

export const initialJobForm = (datasetId = ''): JobForm => ({
  name: '',
  modelType: 'llm',
  datasetId,
  baseModel: 'llama-2-7b',
  architecture: 'resnet50',
  strategy: 'lora',
  gpuType: 'a100',
  workers: '1',
  priority: 'normal',
  rank: '',
  alpha: '',
  dropout: '',
  epochs: '',
  batchSize: '',
  learningRate: '',
  weightDecay: '',
  warmupSteps: '',
  gradientAccumulation: '',
  scheduler: '',
  maxSeqLength: '',
  mixedPrecision: '',
  gradientCheckpointing: false,
});

export const JOB_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  datasetId: 'Dataset',
  baseModel: 'Base model',
  architecture: 'Architecture',
  gpuType: 'GPU type',
  workers: 'GPUs',
  rank: 'LoRA rank',
  alpha: 'LoRA alpha',
  dropout: 'LoRA dropout',
  epochs: 'Epochs',
  batchSize: 'Batch size',
  learningRate: 'Learning rate',
  weightDecay: 'Weight decay',
  warmupSteps: 'Warmup steps',
  gradientAccumulation: 'Gradient accumulation steps',
  maxSeqLength: 'Max sequence length',
};

/** Whether the model type trains a language model (a base model) or a vision one (an architecture). */
export const usesBaseModel = (f: Pick<JobForm, 'modelType'>) => f.modelType !== 'vision';

const fmt = (n: number) => n.toLocaleString('en-US');

type Parsed = { value?: number; error?: string };

function whole(text: string, min: number, max: number, what: string): Parsed {
  const t = text.trim().replace(/[_,\s]/g, '');
  if (t === '') return {};
  if (!/^\d+$/.test(t)) return { error: `${what} is a whole number from ${fmt(min)} to ${fmt(max)}` };
  const n = Number(t);
  return n < min || n > max ? { error: `${what} is ${fmt(min)} to ${fmt(max)}` } : { value: n };
}

function decimal(text: string, min: number, max: number, message: string, maxExclusive = false): Parsed {
  const t = text.trim();
  if (t === '') return {};
  const n = Number(t);
  if (!Number.isFinite(n) || n < min || (maxExclusive ? n >= max : n > max)) return { error: message };
  return { value: n };
}

/** The request the form describes, or its errors by form key. */
export function validateJobForm(form: JobForm): FormResult<CreateTrainingJobRequest> {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') errors.name = 'Name the job';
  else if (name.length > JOB_LIMITS.name.max) errors.name = `A name is at most ${JOB_LIMITS.name.max} characters`;
  if (form.datasetId === '') errors.datasetId = 'Choose a ready dataset to train on';
  const language = usesBaseModel(form);
  if (language) {
    const base = form.baseModel.trim();
    if (base === '') errors.baseModel = 'Choose a base model';
    else if (baseModelParameters(base) === null)
      errors.baseModel = 'Unknown base model: choose one from the list, or a name that carries its size, such as my-model-7b';
  } else if (!(form.architecture in VISION_ARCHITECTURES)) errors.architecture = 'Choose an architecture';

  const workers = whole(form.workers, JOB_LIMITS.maxWorkers.min, JOB_LIMITS.maxWorkers.max, 'GPUs');
  if (form.workers.trim() === '') errors.workers = `Enter 1 to ${JOB_LIMITS.maxWorkers.max} GPUs`;
  else if (workers.error) errors.workers = `Enter 1 to ${JOB_LIMITS.maxWorkers.max} GPUs`;

  const lora = language && form.strategy !== 'full';
  const rank = lora ? whole(form.rank, JOB_LIMITS.rank.min, JOB_LIMITS.rank.max, 'The rank') : {};
  const alpha = lora ? whole(form.alpha, JOB_LIMITS.alpha.min, JOB_LIMITS.alpha.max, 'Alpha') : {};
  const dropout = lora ? decimal(form.dropout, 0, 1, 'Dropout is at least 0 and below 1 (e.g. 0.05)', true) : {};
  const epochs = whole(form.epochs, JOB_LIMITS.epochs.min, JOB_LIMITS.epochs.max, 'Epochs');
  const batch = whole(form.batchSize, JOB_LIMITS.batchSize.min, JOB_LIMITS.batchSize.max, 'The batch size');
  const lr = decimal(
    form.learningRate,
    JOB_LIMITS.learningRate.min,
    JOB_LIMITS.learningRate.max,
    'A learning rate is 1e-6 to 1e-1 (0.000001 to 0.1)',
  );
  const wd = decimal(form.weightDecay, 0, 1, 'Weight decay is 0 to 1');
  const warmup = whole(form.warmupSteps, JOB_LIMITS.warmupSteps.min, JOB_LIMITS.warmupSteps.max, 'Warmup');
  const accumulation = whole(
    form.gradientAccumulation,
    JOB_LIMITS.gradientAccumulation.min,
    JOB_LIMITS.gradientAccumulation.max,
    'Accumulation',
  );
  const seq = language ? whole(form.maxSeqLength, JOB_LIMITS.maxSeqLength.min, JOB_LIMITS.maxSeqLength.max, 'The length') : {};
  const numbers: Record<string, Parsed> = {
    rank,
    alpha,
    dropout,
    epochs,
    batchSize: batch,
    learningRate: lr,
    weightDecay: wd,
    warmupSteps: warmup,
    gradientAccumulation: accumulation,
    maxSeqLength: seq,
  };
  for (const [key, p] of Object.entries(numbers)) if (p.error) errors[key] = p.error;
  if (Object.keys(errors).length) return { ok: false, errors };

  const training = {
    ...(epochs.value !== undefined ? { epochs: epochs.value } : {}),
    ...(batch.value !== undefined ? { batch_size: batch.value } : {}),
    ...(lr.value !== undefined ? { learning_rate: lr.value } : {}),
    ...(wd.value !== undefined ? { weight_decay: wd.value } : {}),
    ...(warmup.value !== undefined ? { warmup_steps: warmup.value } : {}),
    ...(accumulation.value !== undefined ? { gradient_accumulation_steps: accumulation.value } : {}),
    ...(form.scheduler ? { lr_scheduler_type: form.scheduler } : {}),
    ...(seq.value !== undefined ? { max_seq_length: seq.value } : {}),
  };
  const parameters = {
    ...(rank.value !== undefined ? { rank: rank.value } : {}),
    ...(alpha.value !== undefined ? { alpha: alpha.value } : {}),
    ...(dropout.value !== undefined ? { dropout: dropout.value } : {}),
  };
  const optimization = {
    ...(form.mixedPrecision ? { mixed_precision: form.mixedPrecision } : {}),
    ...(form.gradientCheckpointing ? { gradient_checkpointing: true } : {}),
  };
  const config: TrainingJobConfig = {
    ...(language ? { baseModel: form.baseModel.trim(), strategy: form.strategy } : { architecture: form.architecture }),
    ...(Object.keys(parameters).length ? { parameters } : {}),
    ...(Object.keys(training).length ? { training } : {}),
    ...(Object.keys(optimization).length ? { optimization } : {}),
  };
  const parsed = CreateTrainingJobRequest.safeParse({
    name,
    modelType: form.modelType,
    datasetId: form.datasetId,
    config,
    gpuType: form.gpuType,
    maxWorkers: workers.value,
    priority: form.priority,
  });
  if (!parsed.success) return { ok: false, errors: { form: 'The job could not be prepared; check the fields' } };
  return { ok: true, request: parsed.data };
}

/** The estimate for what the form says on a dataset of this many examples, or null while the form is not valid. */
export function formEstimate(form: JobForm, examples: number | null): JobCostEstimate | null {
  if (examples === null || examples < 1) return null;
  const r = validateJobForm(form);
  if (!r.ok) return null;
  const q = r.request;
  return estimateJobCost(q.modelType, q.config, examples, q.gpuType, q.maxWorkers, q.priority);
}

/** A config path of CONFIGURATION_ERROR (`config.training.learning_rate`) → the form's key. */
const CONFIG_KEYS: Record<string, keyof JobForm> = {
  'config.baseModel': 'baseModel',
  'config.architecture': 'architecture',
  'config.parameters.rank': 'rank',
  'config.parameters.alpha': 'alpha',
  'config.parameters.dropout': 'dropout',
  'config.training.epochs': 'epochs',
  'config.training.batch_size': 'batchSize',
  'config.training.learning_rate': 'learningRate',
  'config.training.weight_decay': 'weightDecay',
  'config.training.warmup_steps': 'warmupSteps',
  'config.training.gradient_accumulation_steps': 'gradientAccumulation',
  'config.training.max_seq_length': 'maxSeqLength',
  maxWorkers: 'workers',
  gpuType: 'gpuType',
  datasetId: 'datasetId',
  name: 'name',
};

const gpuName = (t: string) => TRAINING_GPUS[t as TrainingGpuType]?.displayName ?? t.toUpperCase();

/** INSUFFICIENT_RESOURCES in words: what is free, and of which types. */
function resourcesMessage(error: NormalizedError): string {
  const d = error.details as { requestedGpuType?: string; requestedWorkers?: number; available?: Record<string, number> };
  const free = d.available?.[d.requestedGpuType ?? ''] ?? 0;
  const others = Object.entries(d.available ?? {})
    .filter(([t, n]) => t !== d.requestedGpuType && n >= (d.requestedWorkers ?? 1))
    .map(([t, n]) => `${gpuName(t)} (${n} free)`);
  return `${free === 0 ? 'No' : `Only ${free}`} ${gpuName(d.requestedGpuType ?? '')} GPU${free === 1 ? ' is' : 's are'} free for ${d.requestedWorkers ?? 1} asked${
    others.length ? `; enough free: ${others.join(', ')}` : ''
  }`;
}

export function placeJobApiError(error: NormalizedError): ServerFieldError<JobForm>[] | null {
  const members = Object.fromEntries(Object.values(CONFIG_KEYS).map((k) => [k, k])) as Record<string, keyof JobForm>;
  return placeApiError<JobForm>(error, {
    members,
    rename: (path) => CONFIG_KEYS[path] ?? path,
    codes: {
      INSUFFICIENT_RESOURCES: (e) => ({ key: 'gpuType', message: resourcesMessage(e) }),
      DATASET_NOT_READY: () => ({ key: 'datasetId', message: 'This dataset is not ready for training any more; choose another' }),
      DATASET_NOT_FOUND: () => ({ key: 'datasetId', message: 'This dataset no longer exists; choose another' }),
    },
  });
}

export const BASE_MODEL_OPTIONS = Object.keys(BASE_MODELS);
