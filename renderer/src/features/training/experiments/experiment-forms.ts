// The experiment dialogs' forms as plain data, and their translation into requests validated by
// the shared schemas: create (name, description, hypothesis, tags, baseline), add a run (job,
// name, parameters, tags, notes), clone and export. Parameters and baseline metrics are typed
// one per line as `key = value`.
import {
  BUCKET_PATTERN,
  CloneExperimentRequest,
  CreateExperimentRequest,
  CreateRunRequest,
  EXPERIMENT_LIMITS,
  ExportExperimentRequest,
  ExportInclude,
  OBJECT_PATH_PATTERN,
  objectPathProblem,
} from '../../../../../shared/api/training/experiments';
import { fieldErrors, formFields, longEntryMessage, type FieldLabels } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
import type { z } from 'zod';
import type { ParamValue } from './compare/compare-logic';
import type { CloneExperiment, CreateExperiment, CreateRun, ExportExperiment } from './experiments-store';

export const tagsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** `key = value` lines: numbers, true/false and null as such, anything else as text. Errors name their line. */
function parseKeyValues(text: string): { ok: true; values: Record<string, ParamValue> } | { ok: false; error: string } {
  const values: Record<string, ParamValue> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return { ok: false, error: `Line ${i + 1}: write it as name = value` };
    const key = line.slice(0, eq).trim();
    const raw = line.slice(eq + 1).trim();
    if (key === '') return { ok: false, error: `Line ${i + 1}: the name is missing before =` };
    if (key.length > 200) return { ok: false, error: `Line ${i + 1}: a name of at most 200 characters` };
    if (key in values) return { ok: false, error: `Line ${i + 1}: ${key} is given twice` };
    values[key] = scalarOf(raw);
  }
  return { ok: true, values };
}

function scalarOf(raw: string): ParamValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null' || raw === '') return null;
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(raw)) return Number(raw);
  return raw.replace(/^"(.*)"$/, '$1');
}

// --- create --------------------------------------------------------------------------------

export interface ExperimentForm {
  name: string;
  description: string;
  hypothesis: string;
  tags: string;
  baselineType: '' | 'model' | 'run' | 'published';
  baselineName: string;
  baselineMetrics: string;
}

export const emptyExperimentForm = (): ExperimentForm => ({
  name: '',
  description: '',
  hypothesis: '',
  tags: '',
  baselineType: '',
  baselineName: '',
  baselineMetrics: '',
});

export const EXPERIMENT_LABELS: FieldLabels = {
  name: 'Name',
  description: 'Description',
  hypothesis: 'Hypothesis',
  tags: 'Tags',
  'baseline.name': 'Baseline name',
  'baseline.metrics': 'Baseline metrics',
};

const EXPERIMENT_SHOWN = ['name', 'description', 'hypothesis', 'tags', 'baseline.name', 'baseline.metrics'];

export function toCreateExperiment(form: ExperimentForm): FormResult<CreateExperiment> {
  const errors: FieldErrors = {};
  let baseline: CreateExperiment['baseline'];
  if (form.baselineType) {
    const metrics = parseKeyValues(form.baselineMetrics);
    if (!metrics.ok) errors['baseline.metrics'] = metrics.error;
    else if (Object.values(metrics.values).some((v) => typeof v !== 'number'))
      errors['baseline.metrics'] = 'Each metric is a number, e.g. validation_loss = 0.62';
    baseline = {
      type: form.baselineType,
      name: form.baselineName.trim(),
      metrics: metrics.ok ? (metrics.values as Record<string, number>) : {},
    };
  }
  const tags = tagsOf(form.tags);
  const body = {
    name: form.name.trim(),
    description: form.description.trim(),
    ...(form.hypothesis.trim() ? { hypothesis: form.hypothesis.trim() } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(baseline ? { baseline } : {}),
  };
  const parsed = CreateExperimentRequest.safeParse(body);
  if (!parsed.success)
    fieldErrors(
      parsed.error.issues,
      formFields({
        schema: CreateExperimentRequest,
        shown: EXPERIMENT_SHOWN,
        labels: EXPERIMENT_LABELS,
        reword: (key, issue) => {
          if (key.startsWith('tags.')) return longEntryMessage(tags, key, issue);
          if (key === 'name' && issue.code === 'too_small') return 'A name is required';
          if (key === 'baseline.name' && issue.code === 'too_small') return 'Name the baseline (e.g. the model it is compared with)';
          return null;
        },
      }),
      errors,
    );
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: body as CreateExperiment };
}

// --- add a run -----------------------------------------------------------------------------

export interface RunForm {
  jobId: string;
  name: string;
  parameters: string;
  tags: string;
  notes: string;
}

export const emptyRunForm = (): RunForm => ({ jobId: '', name: '', parameters: '', tags: '', notes: '' });

export const RUN_LABELS: FieldLabels = {
  trainingJobId: 'Training job',
  name: 'Name',
  parameters: 'Parameters',
  tags: 'Tags',
  notes: 'Notes',
};

export function toCreateRun(form: RunForm): FormResult<CreateRun> {
  const errors: FieldErrors = {};
  if (!form.jobId) errors.trainingJobId = 'Choose the training job this run follows';
  const params = parseKeyValues(form.parameters);
  if (!params.ok) errors.parameters = params.error;
  const tags = tagsOf(form.tags);
  const body = {
    trainingJobId: form.jobId,
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    ...(params.ok && Object.keys(params.values).length > 0 ? { parameters: params.values } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
  };
  if (!errors.trainingJobId) {
    const parsed = CreateRunRequest.safeParse(body);
    if (!parsed.success)
      fieldErrors(
        parsed.error.issues,
        formFields({
          schema: CreateRunRequest,
          shown: Object.keys(RUN_LABELS),
          labels: RUN_LABELS,
          reword: (key, issue) => (key.startsWith('tags.') ? longEntryMessage(tags, key, issue) : null),
        }),
        errors,
      );
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: body as CreateRun };
}

// --- clone ---------------------------------------------------------------------------------

export interface CloneForm {
  name: string;
  description: string;
  hypothesis: string;
  copyRuns: boolean;
}

export const cloneFormOf = (e: { name: string; description: string; hypothesis: string | null }): CloneForm => ({
  name: `${e.name} (copy)`.slice(0, EXPERIMENT_LIMITS.name.max),
  description: e.description,
  hypothesis: e.hypothesis ?? '',
  copyRuns: false,
});

export const CLONE_LABELS: FieldLabels = { name: 'Name', description: 'Description', 'modifications.hypothesis': 'Hypothesis' };

export function toCloneExperiment(form: CloneForm, source: { hypothesis: string | null }): FormResult<CloneExperiment> {
  const hypothesis = form.hypothesis.trim();
  const changed = hypothesis !== (source.hypothesis ?? '');
  const body = {
    name: form.name.trim(),
    description: form.description.trim(),
    modifications: changed ? { hypothesis: hypothesis || null } : {},
    copy_runs: form.copyRuns,
  };
  const parsed = CloneExperimentRequest.safeParse(body);
  if (parsed.success) return { ok: true, request: body };
  const errors = fieldErrors(
    parsed.error.issues,
    formFields({
      schema: CloneExperimentRequest,
      shown: Object.keys(CLONE_LABELS),
      labels: CLONE_LABELS,
      reword: (key, issue) => (key === 'name' && issue.code === 'too_small' ? 'A name is required' : null),
    }),
  );
  return { ok: false, errors };
}

// --- export --------------------------------------------------------------------------------

type ExportInclude = z.infer<typeof ExportInclude>;

export const EXPORT_SECTIONS: readonly ExportInclude[] = ['parameters', 'metrics', 'artifacts', 'metadata'];

export interface ExportForm {
  include: ExportInclude[];
  bucket: string;
  path: string;
}

export const exportFormOf = (experimentId: string): ExportForm => ({
  include: [...EXPORT_SECTIONS],
  bucket: 'experiments',
  path: `${experimentId}/runs.csv`,
});

export const EXPORT_LABELS: FieldLabels = { include: 'Columns', bucket: 'Bucket', path: 'Path' };

export function toExportExperiment(form: ExportForm): FormResult<ExportExperiment> {
  const errors: FieldErrors = {};
  const bucket = form.bucket.trim();
  const path = form.path.trim();
  if (form.include.length === 0) errors.include = 'Choose at least one group of columns';
  if (!BUCKET_PATTERN.test(bucket))
    errors.bucket = '3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit';
  if (path === '') errors.path = 'A path is required, e.g. reports/runs.csv';
  else if (path.length > 1024) errors.path = 'At most 1,024 characters';
  else if (!OBJECT_PATH_PATTERN.test(path)) errors.path = 'A relative path of letters, digits, _ . - and /, without .. or a leading /';
  else {
    // The deeper bounds (a name between / of at most 255 characters, 32 names) in the API's words.
    const problem = objectPathProblem(path);
    if (problem) errors.path = problem[0]!.toUpperCase() + problem.slice(1);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body = {
    format: 'csv' as const,
    include: form.include,
    destination: { type: 'object_store' as const, bucket, path },
  };
  ExportExperimentRequest.parse(body);
  return { ok: true, request: body };
}
