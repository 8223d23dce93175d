// The deploy dialog's form as plain data, its reading into a deploy request checked by the
// shared schema with messages in the form's words (target utilisation typed as a percentage
// 10–90 %, sent as a fraction), and DEPLOYMENT_FAILED / MODEL_TOO_LARGE explained.
import type { z } from 'zod';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { TRAINING_GPUS, TrainingGpuType } from '../../../../../shared/api/training/catalog';
import { DeployModelRequest, MODEL_LIMITS } from '../../../../../shared/api/training/models-actions';
import { fieldErrors, formFields, type FieldLabels } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
import { formatBytes } from './model-format';

export type DeployRequest = z.input<typeof DeployModelRequest>;

export interface DeployForm {
  name: string;
  environment: string;
  gpuType: TrainingGpuType;
  workers: string;
  autoscale: boolean;
  minWorkers: string;
  maxWorkers: string;
  /** Percent, 10–90. */
  targetUtilization: string;
  maxTokens: string;
  temperature: string;
  topP: string;
  repetitionPenalty: string;
}

/** Target utilisation an operator may ask for (03, Limits: targetUtilization 10-90). */
const UTILIZATION_PERCENT = { min: 10, max: 90 } as const;

export const DEPLOY_LABELS: FieldLabels = {
  name: 'Deployment name',
  environment: 'Environment',
  gpuType: 'GPU type',
  workers: 'Workers',
  'scaling.minWorkers': 'Minimum workers',
  'scaling.maxWorkers': 'Maximum workers',
  'scaling.targetUtilization': 'Target utilisation',
  'configuration.max_tokens': 'Max tokens',
  'configuration.temperature': 'Temperature',
  'configuration.top_p': 'Top-p',
  'configuration.repetition_penalty': 'Repetition penalty',
};

/** The form member behind each error key (a placed API error clears when it changes). */
export const DEPLOY_MEMBERS = {
  name: 'name',
  environment: 'environment',
  gpuType: 'gpuType',
  workers: 'workers',
  'scaling.minWorkers': 'minWorkers',
  'scaling.maxWorkers': 'maxWorkers',
  'scaling.targetUtilization': 'targetUtilization',
  'configuration.max_tokens': 'maxTokens',
  'configuration.temperature': 'temperature',
  'configuration.top_p': 'topP',
  'configuration.repetition_penalty': 'repetitionPenalty',
} as const satisfies Record<string, keyof DeployForm>;

export function initialDeployForm(modelName: string): DeployForm {
  return {
    name: `${modelName}-production`.slice(0, 100),
    environment: 'production',
    gpuType: 'a100',
    workers: '1',
    autoscale: false,
    minWorkers: '1',
    maxWorkers: '2',
    targetUtilization: '70',
    maxTokens: '512',
    temperature: '0.7',
    topP: '0.9',
    repetitionPenalty: '1',
  };
}

/** A typed number; NaN for anything else, so the message says what is wanted. */
const toNumber = (s: string): number => (/^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : Number.NaN);

const W = MODEL_LIMITS.workers;
/** Each field's rule in words, shown under it and as its error. */
export const DEPLOY_RULES = {
  workers: `${W.min} to ${W.max} workers`,
  minWorkers: `0 to ${W.max}`,
  maxWorkers: `${W.min} to ${W.max}`,
  targetUtilization: `${UTILIZATION_PERCENT.min} to ${UTILIZATION_PERCENT.max} %`,
  maxTokens: '1 to 32,768 tokens',
  temperature: '0 to 2',
  topP: 'More than 0, at most 1',
  repetitionPenalty: '1 to 2',
  environment: 'Lower-case letters, digits, - and _, starting with a letter or digit (e.g. production)',
} as const;

const RULE_OF: Record<string, string> = {
  workers: DEPLOY_RULES.workers,
  'scaling.minWorkers': DEPLOY_RULES.minWorkers,
  'scaling.maxWorkers': DEPLOY_RULES.maxWorkers,
  'configuration.max_tokens': DEPLOY_RULES.maxTokens,
  'configuration.temperature': DEPLOY_RULES.temperature,
  'configuration.top_p': DEPLOY_RULES.topP,
  'configuration.repetition_penalty': DEPLOY_RULES.repetitionPenalty,
  environment: DEPLOY_RULES.environment,
};

const WHOLE = new Set(['workers', 'scaling.minWorkers', 'scaling.maxWorkers', 'configuration.max_tokens']);

const toField = formFields({
  schema: DeployModelRequest,
  labels: DEPLOY_LABELS,
  shown: Object.keys(DEPLOY_MEMBERS),
  reword: (key, issue) => {
    if (key === 'name' && issue.code === 'too_small') return 'Required, or leave the default';
    if (key === 'scaling.minWorkers' && issue.code === 'custom') return 'At most the maximum workers';
    if (key === 'workers' && issue.code === 'custom') return 'Between the minimum and maximum workers while auto-scaling is on';
    const rule = RULE_OF[key];
    if (!rule) return null;
    if (WHOLE.has(key) && issue.code === 'invalid_type') return `A whole number, ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
    if (issue.code === 'invalid_type' && issue.expected === 'int') return `A whole number, ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
    return rule;
  },
});

/** The deploy request, or the errors by field (keys are the request's dotted paths). */
export function validateDeployForm(form: DeployForm): FormResult<DeployRequest> {
  const errors: FieldErrors = {};
  const percent = toNumber(form.targetUtilization);
  if (form.autoscale && !(percent >= UTILIZATION_PERCENT.min && percent <= UTILIZATION_PERCENT.max))
    errors['scaling.targetUtilization'] = DEPLOY_RULES.targetUtilization;
  const request: DeployRequest = {
    name: form.name.trim(),
    environment: form.environment.trim(),
    gpuType: form.gpuType,
    workers: toNumber(form.workers),
    ...(form.autoscale
      ? {
          scaling: {
            minWorkers: toNumber(form.minWorkers),
            maxWorkers: toNumber(form.maxWorkers),
            targetUtilization: Math.round(percent) / 100,
          },
        }
      : {}),
    configuration: {
      max_tokens: toNumber(form.maxTokens),
      temperature: toNumber(form.temperature),
      top_p: toNumber(form.topP),
      repetition_penalty: toNumber(form.repetitionPenalty),
    },
  };
  const parsed = DeployModelRequest.safeParse(request);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request };
}

const gpuLabel = (t: string) => (t in TRAINING_GPUS ? TRAINING_GPUS[t as TrainingGpuType].displayName : t);

/** DEPLOYMENT_FAILED and MODEL_TOO_LARGE in words, with what to do; null for other errors. */
export function explainDeployError(error: NormalizedError): { title: string; lines: string[] } | null {
  const d = error.details ?? {};
  if (error.code === 'DEPLOYMENT_FAILED') {
    const requested = typeof d.requestedGpuType === 'string' ? gpuLabel(d.requestedGpuType) : 'the GPU type asked for';
    const workers = typeof d.requestedWorkers === 'number' ? d.requestedWorkers : null;
    const available = (d.available ?? {}) as Record<string, unknown>;
    const options = Array.isArray(d.availableGpuTypes)
      ? (d.availableGpuTypes as unknown[]).filter((t): t is string => typeof t === 'string')
      : [];
    const free = Object.entries(available)
      .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
      .map(([t, n]) => `${gpuLabel(t)}: ${n} free`);
    return {
      title: `Not enough ${requested} capacity${workers !== null ? ` for ${workers} worker${workers === 1 ? '' : 's'}` : ''}`,
      lines: [
        typeof d.reason === 'string' ? `The platform says: ${d.reason}.` : error.message,
        options.length
          ? `GPU types with enough free capacity: ${options.map(gpuLabel).join(', ')}. Choose one of them, or ask for fewer workers.`
          : 'No GPU type has that many free GPUs now: ask for fewer workers, or try again later.',
        ...(free.length ? [`Free now — ${free.join(' · ')}.`] : []),
      ],
    };
  }
  if (error.code === 'MODEL_TOO_LARGE') {
    const size = typeof d.modelSize === 'number' ? formatBytes(d.modelSize) : 'This model';
    const max = typeof d.maxAllowedSize === 'number' ? formatBytes(d.maxAllowedSize) : formatBytes(MODEL_LIMITS.maxDeployableBytes);
    const suggestions = Array.isArray(d.suggestions) ? (d.suggestions as unknown[]).filter((s): s is string => typeof s === 'string') : [];
    return {
      title: `${size} is over the deployable size of ${max}`,
      lines: suggestions.length
        ? suggestions
        : ['Train a smaller model or a LoRA adapter, or quantise the weights, then deploy that version.'],
    };
  }
  return null;
}
