// The start-tuning form: what the dialog edits (text as typed), its checks with the emulator's
// rules in the user's words on the field they concern, and the request it sends. The rules are
// the API's (03-endpoints-training.md, Hyperparameter tuning; Errors; docs/decisions.md, Training:
// tuning): the shared schema CreateTuningRequest, then the search space's own — min below max,
// log ranges above 0, whole-number bounds for the integer types, choices without repeats,
// conditions in the shared grammar naming other parameters without a cycle, grid only over
// choice and integer parameters.
import {
  CreateTuningRequest,
  OBJECTIVE_METRICS,
  ParamName,
  TRIAL_METRICS,
  TUNING_LIMITS,
  type TuningAlgorithm,
} from '../../../../../shared/api/training/tuning';
import { ConditionError, namesOf, parseCondition } from '../../../../../shared/api/training/tuning-condition';
import type { FormResult } from '../../../components/form/form-result';

export type ParamType = 'uniform' | 'log_uniform' | 'choice' | 'int_uniform' | 'int_log_uniform';
export type Direction = 'minimize' | 'maximize';
type TrialMetric = (typeof TRIAL_METRICS)[number];
type ObjectiveMetric = (typeof OBJECTIVE_METRICS)[number];
export type Literal = string | number | boolean;

export const PARAM_TYPES: readonly { value: ParamType; label: string }[] = [
  { value: 'uniform', label: 'Uniform' },
  { value: 'log_uniform', label: 'Log uniform' },
  { value: 'int_uniform', label: 'Integer uniform' },
  { value: 'int_log_uniform', label: 'Integer log uniform' },
  { value: 'choice', label: 'Choice' },
];
const typeLabel = (t: ParamType) => PARAM_TYPES.find((p) => p.value === t)!.label;

export const ALGORITHMS: readonly { value: TuningAlgorithm; label: string; hint: string }[] = [
  { value: 'tpe', label: 'TPE', hint: 'Tree-structured Parzen estimator: models good and bad trials apart' },
  { value: 'bayesian', label: 'Bayesian', hint: 'Gaussian process with expected improvement' },
  { value: 'random', label: 'Random', hint: 'Independent draws from the search space' },
  { value: 'grid', label: 'Grid', hint: 'Every combination of choice and integer values' },
  { value: 'hyperband', label: 'Hyperband', hint: 'Many short trials, the best promoted to more epochs' },
];
export const algorithmLabel = (a: string) => ALGORITHMS.find((x) => x.value === a)?.label ?? a;

const CONTINUOUS: ReadonlySet<ParamType> = new Set(['uniform', 'log_uniform']);
const LOG: ReadonlySet<ParamType> = new Set(['log_uniform', 'int_log_uniform']);
const INTEGER: ReadonlySet<ParamType> = new Set(['int_uniform', 'int_log_uniform']);

export interface ParamRow {
  name: string;
  type: ParamType;
  min: string;
  max: string;
  /** A choice's values as typed (chips); `true`/`false` and numbers are sent as such. */
  values: string[];
  condition: string;
}

interface ObjectiveRow {
  metric: ObjectiveMetric;
  direction: Direction;
  weight: string;
}

export interface TuningForm {
  jobId: string;
  /** Several objectives weighed together (a pareto set) instead of one metric. */
  multi: boolean;
  objective: Direction;
  metric: TrialMetric;
  objectives: ObjectiveRow[];
  algorithm: TuningAlgorithm;
  maxEpochs: string;
  reductionFactor: string;
  minEpochs: string;
  params: ParamRow[];
  maxTrials: string;
  maxConcurrent: string;
  earlyStopping: boolean;
  /** '' stands for the tuning job's own metric. */
  esMetric: TrialMetric | '';
  patience: string;
  minDelta: string;
  maxGpuHours: string;
  maxCost: string;
}

export type TuningErrors = Partial<Record<string, string>>;
export interface TuningRequest {
  jobId: string;
  body: CreateTuningRequest;
}

export const newParamRow = (): ParamRow => ({ name: '', type: 'uniform', min: '', max: '', values: [], condition: '' });

/** A start that works on the seeded training model: learning rate, batch size and LoRA rank. */
export function initialTuningForm(jobId = ''): TuningForm {
  return {
    jobId,
    multi: false,
    objective: 'minimize',
    metric: 'eval_loss',
    objectives: [
      { metric: 'eval_loss', direction: 'minimize', weight: '1' },
      { metric: 'cost', direction: 'minimize', weight: '0.5' },
    ],
    algorithm: 'tpe',
    maxEpochs: '9',
    reductionFactor: '3',
    minEpochs: '1',
    params: [
      { name: 'learning_rate', type: 'log_uniform', min: '1e-5', max: '1e-3', values: [], condition: '' },
      { name: 'batch_size', type: 'choice', min: '', max: '', values: ['8', '16', '32'], condition: '' },
      { name: 'lora_rank', type: 'int_uniform', min: '4', max: '64', values: [], condition: '' },
    ],
    maxTrials: String(TUNING_LIMITS.maxTrials.default),
    maxConcurrent: String(TUNING_LIMITS.maxConcurrent.default),
    earlyStopping: false,
    esMetric: '',
    patience: '10',
    minDelta: '0',
    maxGpuHours: '',
    maxCost: '',
  };
}

/** A chip's text as the value sent: true/false, a number, else the text. */
export function choiceValue(text: string): Literal {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  if (t !== '' && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return Number(t);
  return t;
}

const num = (text: string): number | null => {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A whole number in [min, max] typed in a field, or the message. */
function wholeIn(text: string, min: number, max: number, what: string): number | string {
  const n = num(text);
  const rule = `${what} is a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  if (n === null || Number.isNaN(n) || !Number.isInteger(n) || n < min || n > max) return rule;
  return n;
}

/** Why grid cannot take this parameter, in the operator's words, or null. */
function gridRefusal(row: Pick<ParamRow, 'name' | 'type'>): string | null {
  if (!CONTINUOUS.has(row.type)) return null;
  const label = typeLabel(row.type).toLowerCase();
  return `grid needs choice or integer parameters — ${label} '${row.name || 'this parameter'}' can't be enumerated`;
}

/** Checks of one parameter row that need only the row; keys are the row's fields. */
function rowErrors(row: ParamRow, algorithm: TuningAlgorithm): Partial<Record<keyof ParamRow, string>> {
  const out: Partial<Record<keyof ParamRow, string>> = {};
  const name = row.name.trim();
  if (name === '') out.name = 'Name the parameter';
  else if (!ParamName.safeParse(name).success) out.name = 'A letter or _ first, then letters, digits or _ (at most 64)';
  if (algorithm === 'grid') {
    const refusal = gridRefusal({ name, type: row.type });
    if (refusal) out.type = refusal;
  }
  if (algorithm === 'hyperband' && (name === 'epochs' || name === 'num_train_epochs'))
    out.name = 'Hyperband sets the epochs of each rung itself: take epochs out of the search space';
  if (row.type === 'choice') {
    const values = row.values.map((v) => v.trim()).filter(Boolean);
    if (values.length === 0) out.values = 'Add at least one value (type it, then Enter)';
    else if (values.length > TUNING_LIMITS.choiceValues.max) out.values = `At most ${TUNING_LIMITS.choiceValues.max} values`;
    else {
      const seen = new Set<string>();
      const twice = values.map(choiceValue).find((v) => {
        const key = `${typeof v}:${String(v)}`;
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      });
      if (twice !== undefined) out.values = `${String(twice)} is listed twice`;
      else if (values.some((v) => v.length > 100)) out.values = 'A value has at most 100 characters';
    }
  } else {
    const min = num(row.min);
    const max = num(row.max);
    if (min === null) out.min = 'Enter the lowest value';
    else if (Number.isNaN(min)) out.min = 'min must be a number (e.g. 0.001 or 1e-3)';
    if (max === null) out.max = 'Enter the highest value';
    else if (Number.isNaN(max)) out.max = 'max must be a number (e.g. 0.1 or 1e-1)';
    if (INTEGER.has(row.type)) {
      if (!out.min && !Number.isInteger(min)) out.min = 'An integer range takes whole numbers';
      if (!out.max && !Number.isInteger(max)) out.max = 'An integer range takes whole numbers';
    }
    if (!out.min && LOG.has(row.type) && min! <= 0) out.min = 'log ranges start above 0';
    if (!out.min && !out.max && !(min! < max!)) out.min = 'min must be below max';
  }
  return out;
}

/** Condition checks: the shared grammar, names of other parameters, no cycle. Keyed by row index. */
function conditionErrors(rows: readonly ParamRow[]): Map<number, string> {
  const out = new Map<number, string>();
  const names = rows.map((r) => r.name.trim());
  const deps = new Map<number, string[]>();
  rows.forEach((row, i) => {
    const text = row.condition.trim();
    if (text === '') return;
    try {
      const expr = parseCondition(text);
      const refs = [...namesOf(expr)];
      const self = refs.find((r) => r === names[i]);
      const unknown = refs.find((r) => !names.includes(r));
      if (self) out.set(i, 'A condition cannot refer to its own parameter');
      else if (unknown) out.set(i, `${unknown} is not a parameter of this search space`);
      else deps.set(i, refs);
    } catch (e) {
      out.set(i, e instanceof ConditionError ? sentence(e.message) : 'The condition cannot be read');
    }
  });
  // A cycle: a parameter that depends on itself through others.
  const reaches = (from: number, target: string, seen: Set<number>): boolean =>
    (deps.get(from) ?? []).some((d) => {
      if (d === target) return true;
      const j = names.indexOf(d);
      if (j < 0 || seen.has(j)) return false;
      seen.add(j);
      return reaches(j, target, seen);
    });
  for (const i of deps.keys())
    if (!out.has(i) && reaches(i, names[i]!, new Set([i]))) out.set(i, 'The conditions refer to each other in a cycle');
  return out;
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function searchSpaceOf(rows: readonly ParamRow[]): CreateTuningRequest['search_space'] {
  const space: CreateTuningRequest['search_space'] = {};
  for (const row of rows) {
    const condition = row.condition.trim() ? { condition: row.condition.trim() } : {};
    space[row.name.trim()] =
      row.type === 'choice'
        ? {
            type: 'choice',
            values: row.values
              .map((v) => v.trim())
              .filter(Boolean)
              .map(choiceValue),
            ...condition,
          }
        : { type: row.type, min: Number(row.min), max: Number(row.max), ...condition };
  }
  return space;
}

/** The form's errors (keys: form members, `params.<i>.<field>`, `objectives.<i>.<field>`) or the request. */
export function validateTuningForm(form: TuningForm): FormResult<TuningRequest, TuningErrors> {
  const errors: TuningErrors = {};
  if (!form.jobId) errors.jobId = 'Choose the training job to tune';

  // Search space.
  const { min: pMin, max: pMax } = TUNING_LIMITS.parameters;
  if (form.params.length < pMin) errors.params = 'Add at least one parameter to search';
  else if (form.params.length > pMax) errors.params = `At most ${pMax} parameters`;
  const seen = new Map<string, number>();
  form.params.forEach((row, i) => {
    for (const [field, message] of Object.entries(rowErrors(row, form.algorithm))) errors[`params.${i}.${field}`] = message;
    const name = row.name.trim();
    if (name && !errors[`params.${i}.name`]) {
      if (seen.has(name)) errors[`params.${i}.name`] = `${name} is already parameter ${seen.get(name)! + 1}`;
      else seen.set(name, i);
    }
  });
  for (const [i, message] of conditionErrors(form.params)) errors[`params.${i}.condition`] = message;

  // Objective(s).
  if (form.multi) {
    const { min, max } = TUNING_LIMITS.objectives;
    if (form.objectives.length < min || form.objectives.length > max) errors.objectives = `Weigh ${min} to ${max} objectives`;
    const metrics = new Set<string>();
    form.objectives.forEach((o, i) => {
      const w = num(o.weight);
      if (w === null || Number.isNaN(w) || w <= 0) errors[`objectives.${i}.weight`] = 'A weight is a number above 0';
      if (metrics.has(o.metric)) errors[`objectives.${i}.metric`] = `${o.metric} is already an objective`;
      metrics.add(o.metric);
    });
    if (!form.objectives.some((o) => (TRIAL_METRICS as readonly string[]).includes(o.metric)) && !errors.objectives)
      errors.objectives = `One objective must be a training metric (${TRIAL_METRICS.join(', ')})`;
  }

  // Algorithm.
  let hyperband: CreateTuningRequest['hyperband_config'];
  if (form.algorithm === 'hyperband') {
    const { min, max } = TUNING_LIMITS.hyperbandEpochs;
    const maxEpochs = wholeIn(form.maxEpochs, min, max, 'Max epochs');
    const minEpochs = wholeIn(form.minEpochs, min, max, 'Min epochs');
    const factor = wholeIn(
      form.reductionFactor,
      TUNING_LIMITS.reductionFactor.min,
      TUNING_LIMITS.reductionFactor.max,
      'The reduction factor',
    );
    if (typeof maxEpochs === 'string') errors.maxEpochs = maxEpochs;
    if (typeof minEpochs === 'string') errors.minEpochs = minEpochs;
    if (typeof factor === 'string') errors.reductionFactor = factor;
    if (typeof maxEpochs === 'number' && typeof minEpochs === 'number' && minEpochs >= maxEpochs)
      errors.minEpochs = 'Min epochs must be below max epochs';
    if (typeof maxEpochs === 'number' && typeof minEpochs === 'number' && typeof factor === 'number')
      hyperband = { max_epochs: maxEpochs, min_epochs: minEpochs, reduction_factor: factor };
  }

  // Trials, early stopping, budget.
  const maxTrials = wholeIn(form.maxTrials, TUNING_LIMITS.maxTrials.min, TUNING_LIMITS.maxTrials.max, 'Max trials');
  const maxConcurrent = wholeIn(form.maxConcurrent, TUNING_LIMITS.maxConcurrent.min, TUNING_LIMITS.maxConcurrent.max, 'Max concurrent');
  if (typeof maxTrials === 'string') errors.maxTrials = maxTrials;
  if (typeof maxConcurrent === 'string') errors.maxConcurrent = maxConcurrent;
  if (typeof maxTrials === 'number' && typeof maxConcurrent === 'number' && maxConcurrent > maxTrials)
    errors.maxConcurrent = `No more than the ${plural(maxTrials, 'trial')} to run`;
  let earlyStopping: CreateTuningRequest['early_stopping'];
  if (form.earlyStopping) {
    const patience = wholeIn(form.patience, TUNING_LIMITS.patience.min, TUNING_LIMITS.patience.max, 'Patience');
    const minDelta = num(form.minDelta) ?? 0;
    if (typeof patience === 'string') errors.patience = `${patience} trials`;
    if (Number.isNaN(minDelta) || minDelta < 0) errors.minDelta = 'Min delta is a number, 0 or more';
    if (typeof patience === 'number' && !errors.minDelta)
      earlyStopping = { patience, min_delta: minDelta, ...(form.esMetric ? { metric: form.esMetric } : {}) };
  }
  const budget: { max_gpu_hours?: number; max_cost?: number } = {};
  for (const [key, field, what] of [
    ['maxGpuHours', 'max_gpu_hours', 'GPU hours'],
    ['maxCost', 'max_cost', 'The cost'],
  ] as const) {
    const n = num(form[key]);
    if (n === null) continue;
    if (Number.isNaN(n) || n <= 0) errors[key] = `${what} limit is a number above 0 (or leave it empty)`;
    else budget[field] = n;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const first = form.objectives.find((o) => (TRIAL_METRICS as readonly string[]).includes(o.metric));
  const body = {
    objective: form.multi ? first!.direction : form.objective,
    metric: form.multi ? (first!.metric as TrialMetric) : form.metric,
    search_space: searchSpaceOf(form.params),
    algorithm: form.algorithm,
    max_trials: maxTrials as number,
    max_concurrent: maxConcurrent as number,
    ...(earlyStopping ? { early_stopping: earlyStopping } : {}),
    ...(budget.max_cost !== undefined || budget.max_gpu_hours !== undefined ? { budget } : {}),
    ...(hyperband ? { hyperband_config: hyperband } : {}),
    ...(form.multi
      ? { objectives: form.objectives.map((o) => ({ metric: o.metric, direction: o.direction, weight: Number(o.weight) })) }
      : {}),
  };
  // The shared schema has the last word: what it refuses is shown where it belongs, in words.
  const parsed = CreateTuningRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = schemaKey(issue.path, form);
      errors[key] ??= sentence(issue.message);
    }
    return { ok: false, errors };
  }
  return { ok: true, request: { jobId: form.jobId, body: parsed.data } };
}

/** A request path of CreateTuningRequest as the form's error key. */
function schemaKey(path: readonly PropertyKey[], form: TuningForm): string {
  const [head, second, third] = path.map(String);
  if (head === 'search_space' && second !== undefined) {
    const i = form.params.findIndex((r) => r.name.trim() === second);
    if (i >= 0)
      return `params.${i}.${third === 'values' ? 'values' : third === 'condition' ? 'condition' : third === 'max' ? 'max' : 'min'}`;
    return 'params';
  }
  const map: Record<string, string> = {
    max_trials: 'maxTrials',
    max_concurrent: 'maxConcurrent',
    early_stopping: 'patience',
    budget: 'maxCost',
    hyperband_config: 'maxEpochs',
    objectives: 'objectives',
  };
  return map[head ?? ''] ?? 'form';
}

/**
 * Where an error of the API (INVALID_SEARCH_SPACE {parameter, reason}, ALGORITHM_NOT_SUPPORTED
 * {algorithm, unsupportedParameterTypes}, INSUFFICIENT_BUDGET {requestedTrials, estimatedCost,
 * availableBudget}) belongs in the form, in words; null when it concerns no field.
 */
export function apiErrorField(
  code: string,
  details: Readonly<Record<string, unknown>>,
  form: TuningForm,
): { key: string; message: string; member: keyof TuningForm } | null {
  const rowOf = (name: unknown) => form.params.findIndex((r) => r.name.trim() === name);
  if (code === 'INVALID_SEARCH_SPACE') {
    const i = rowOf(details.parameter);
    const reason = typeof details.reason === 'string' ? details.reason : 'the parameter is not valid';
    if (i < 0) return { key: 'params', message: sentence(reason), member: 'params' };
    const row = form.params[i]!;
    const field = /condition/i.test(reason)
      ? 'condition'
      : row.type === 'choice'
        ? 'values'
        : /hyperband/i.test(reason)
          ? 'name'
          : /\bmax\b/i.test(reason) && !/\bmin\b/i.test(reason)
            ? 'max'
            : 'min';
    return { key: `params.${i}.${field}`, message: sentence(reason), member: 'params' };
  }
  if (code === 'ALGORITHM_NOT_SUPPORTED') {
    const types = Array.isArray(details.unsupportedParameterTypes) ? (details.unsupportedParameterTypes as string[]) : [];
    const i = form.params.findIndex((r) => types.includes(r.type));
    if (i < 0)
      return {
        key: 'algorithm',
        message: `${algorithmLabel(form.algorithm)} cannot search ${types.join(', ')} parameters`,
        member: 'algorithm',
      };
    const row = form.params[i]!;
    const refusal = form.algorithm === 'grid' ? gridRefusal(row) : null;
    return {
      key: `params.${i}.type`,
      message: refusal ?? `${algorithmLabel(form.algorithm)} cannot search ${typeLabel(row.type).toLowerCase()} parameters`,
      member: 'params',
    };
  }
  if (code === 'INSUFFICIENT_BUDGET') {
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const trials = n(details.requestedTrials);
    const affordable = n(details.affordableTrials);
    const available = (typeof details.availableBudget === 'object' && details.availableBudget) || {};
    const maxCost = n((available as Record<string, unknown>).max_cost);
    const maxHours = n((available as Record<string, unknown>).max_gpu_hours);
    const cost = n(details.estimatedCost);
    const hours = n(details.estimatedGpuHours);
    const money = (v: number) => `$${v.toFixed(2)}`;
    const what = trials === null ? 'The trials are' : `${plural(trials, 'trial')} ${trials === 1 ? 'is' : 'are'}`;
    const covers = affordable === null ? '' : ` — it covers about ${plural(affordable, 'trial')}; raise it or lower max trials`;
    const overHours = maxHours !== null && hours !== null && hours > maxHours && !(maxCost !== null && cost !== null && cost > maxCost);
    if (overHours)
      return {
        key: 'maxGpuHours',
        message: `${what} estimated at ${hours!.toFixed(1)} GPU hours, more than the ${maxHours} h limit${covers}`,
        member: 'maxGpuHours',
      };
    return {
      key: 'maxCost',
      message:
        cost !== null && maxCost !== null
          ? `${what} estimated at ${money(cost)}, more than the ${money(maxCost)} limit${covers}`
          : 'The budget cannot cover the requested trials — raise it or lower max trials',
      member: 'maxCost',
    };
  }
  if (code === 'VALIDATION_ERROR') {
    // Checks only the API can make (e.g. perplexity on a vision job, a Hyperband bracket larger than max trials).
    const field = typeof details.field === 'string' ? details.field.replace(/^body\./, '') : '';
    const reason = typeof details.reason === 'string' ? sentence(details.reason) : null;
    const key = ({ metric: 'metric', max_trials: 'maxTrials', max_concurrent: 'maxConcurrent' } as Record<string, keyof TuningForm>)[field];
    return key && reason ? { key, message: reason, member: key } : null;
  }
  return null;
}

/** trials × the job's own estimated cost of one run: what the budget has to cover, roughly. */
export function costEstimate(perRun: number | null, maxTrials: string): { perTrial: number; total: number; trials: number } | null {
  const trials = num(maxTrials);
  if (perRun === null || !Number.isFinite(perRun) || trials === null || Number.isNaN(trials) || trials < 1) return null;
  return { perTrial: perRun, total: perRun * Math.floor(trials), trials: Math.floor(trials) };
}
