// The template form as plain data and its translation into create and update requests
// validated by the shared schemas (min ≤ default ≤ max included); errors are keyed by the
// request's field path, e.g. `default_configuration.cpu_cores`, `port_mappings.0.description`.
import { estimateHourlyRate, GpuType, type Protocol } from '../../../../../shared/api/clusters/common';
import {
  CreateTemplateRequest,
  RESOURCE_RANGES,
  resourceBoundIssues,
  UpdateTemplateRequest,
  type Framework,
  type ResourceName,
  type Template,
  type TemplateCategory,
} from '../../../../../shared/api/clusters/templates';
import { envRowsToRecord, type EnvRow } from '../../../components/form/env-rows';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { placeApiError } from '../../../components/form/api-error-fields';
import { plainText } from '../../../components/form/plain-words';
import {
  fieldErrors,
  formFields,
  longEntryMessage,
  type FieldLabels,
  type Issue,
  type IssueToField,
} from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';
import type { ServerFieldError } from '../../../components/form/use-validated-form';
export type { FieldErrors, FormResult };

export const RESOURCES = Object.keys(RESOURCE_RANGES) as ResourceName[];
export type ResourceTexts = Record<ResourceName, string>;

interface TemplatePortRow {
  internalPort: string;
  protocol: Protocol;
  description: string;
}

export interface TemplateForm {
  name: string;
  description: string;
  category: TemplateCategory | '';
  framework: Framework | '';
  containerImage: string;
  gpuCompatible: boolean;
  isPublic: boolean;
  tags: string;
  gpuType: GpuType;
  defaults: ResourceTexts;
  min: ResourceTexts;
  max: ResourceTexts;
  environment: EnvRow[];
  ports: TemplatePortRow[];
  /** One package per line (commas also separate). */
  packages: string;
  startupScript: string;
  /** Edit only. */
  version: string;
  versionNotes: string;
}

const blank = (): ResourceTexts => ({ gpu_count: '', cpu_cores: '', memory_gb: '', storage_gb: '' });

export const emptyTemplateForm = (): TemplateForm => ({
  name: '',
  description: '',
  category: '',
  framework: '',
  containerImage: '',
  gpuCompatible: true,
  isPublic: false,
  tags: '',
  gpuType: 'A100_40GB',
  defaults: { gpu_count: '1', cpu_cores: '8', memory_gb: '64', storage_gb: '100' },
  min: blank(),
  max: blank(),
  environment: [],
  ports: [],
  packages: '',
  startupScript: '',
  version: '',
  versionNotes: '',
});

const texts = (r: Partial<Record<ResourceName, number>>): ResourceTexts => ({
  gpu_count: r.gpu_count === undefined ? '' : String(r.gpu_count),
  cpu_cores: r.cpu_cores === undefined ? '' : String(r.cpu_cores),
  memory_gb: r.memory_gb === undefined ? '' : String(r.memory_gb),
  storage_gb: r.storage_gb === undefined ? '' : String(r.storage_gb),
});

/** A form filled from a template: to edit it, or (duplicate) to start a new one from it. */
export function formOfTemplate(t: Template, mode: 'edit' | 'duplicate'): TemplateForm {
  const d = t.default_configuration;
  return {
    name: mode === 'duplicate' ? `${t.name} (copy)`.slice(0, 100) : t.name,
    description: t.description,
    category: mode === 'duplicate' && t.official ? 'custom' : t.category,
    framework: t.framework ?? '',
    containerImage: t.container_image,
    gpuCompatible: t.gpu_compatible,
    isPublic: mode === 'duplicate' ? false : t.is_public,
    tags: t.tags.join(', '),
    gpuType: d.gpu_type,
    defaults: texts(d),
    min: texts(t.resource_limits.min_resources),
    max: texts(t.resource_limits.max_resources),
    environment: Object.entries(t.environment_variables).map(([key, value]) => ({ key, value })),
    ports: t.port_mappings.map((p) => ({ internalPort: String(p.internal_port), protocol: p.protocol, description: p.description })),
    packages: t.required_packages.join('\n'),
    startupScript: t.startup_script ?? '',
    version: mode === 'edit' ? t.version : '',
    versionNotes: '',
  };
}

function num(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

function resources(r: ResourceTexts): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const name of RESOURCES) {
    const v = num(r[name]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

const list = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const numbersOnly = (r: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => typeof v === 'number')) as Partial<Record<ResourceName, number>>;

function body(form: TemplateForm, errors: FieldErrors) {
  const min = resources(form.min);
  const max = resources(form.max);
  // The schema checks the bounds only once every other field is valid; check them here too
  // so min ≤ default ≤ max shows while the rest of the form is still being filled in.
  for (const issue of resourceBoundIssues({
    default_configuration: numbersOnly(resources(form.defaults)),
    min_resources: numbersOnly(min),
    max_resources: numbersOnly(max),
  })) {
    errors[issue.path.join('.')] ??= plainText(issue.message);
  }
  return {
    name: form.name,
    description: form.description,
    ...(form.category ? { category: form.category } : {}),
    ...(form.framework ? { framework: form.framework } : {}),
    container_image: form.containerImage.trim(),
    default_configuration: { gpu_type: form.gpuType, ...resources(form.defaults) },
    gpu_compatible: form.gpuCompatible,
    is_public: form.isPublic,
    tags: list(form.tags),
    environment_variables: envRowsToRecord(form.environment, errors),
    port_mappings: form.ports
      .filter((p) => p.internalPort.trim() !== '' || p.description.trim() !== '')
      .map((p) => ({ internal_port: num(p.internalPort), protocol: p.protocol, description: p.description })),
    required_packages: list(form.packages),
    ...(form.startupScript.trim() ? { startup_script: form.startupScript } : {}),
    ...(Object.keys(min).length ? { min_resources: min } : {}),
    ...(Object.keys(max).length ? { max_resources: max } : {}),
  };
}

const RESOURCE_WORDS: Record<ResourceName, string> = {
  gpu_count: 'GPUs',
  cpu_cores: 'CPU cores',
  memory_gb: 'Memory (GB)',
  storage_gb: 'Storage (GB)',
};
const COLUMN_WORDS = { default_configuration: 'Default', min_resources: 'Minimum', max_resources: 'Maximum' } as const;

/**
 * The template dialog's fields by error key → the form member each shows (rows: their list).
 * @internal Exported for its tests only.
 */
export const TEMPLATE_FIELDS: Readonly<Record<string, keyof TemplateForm>> = {
  name: 'name',
  description: 'description',
  category: 'category',
  container_image: 'containerImage',
  tags: 'tags',
  required_packages: 'packages',
  startup_script: 'startupScript',
  version: 'version',
  version_notes: 'versionNotes',
  ...Object.fromEntries(
    RESOURCES.flatMap((r) => [
      [`default_configuration.${r}`, 'defaults'],
      [`min_resources.${r}`, 'min'],
      [`max_resources.${r}`, 'max'],
    ]),
  ),
};

export const TEMPLATE_LABELS: FieldLabels = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  container_image: 'Container image',
  tags: 'Tags',
  required_packages: 'Required packages',
  startup_script: 'Startup script',
  version: 'Version',
  version_notes: 'Version notes',
  environment_variables: 'Environment',
  port_mappings: 'Ports',
  ...Object.fromEntries(
    RESOURCES.flatMap((r) =>
      Object.entries(COLUMN_WORDS).map(([column, word]) => [`${column}.${r}`, `${word} ${RESOURCE_WORDS[r].toLowerCase()}`]),
    ),
  ),
};

/** Error keys of the rows' fields, as the row editors show them. */
const ROW_KEY = /^(environment\.\d+\.key|port_mappings\.\d+\.(internal_port|description))$/;

/** A request path to the form's error key: an environment value on its row's name. */
function templateErrorKey(path: string, form: TemplateForm): string {
  const env = /^environment_variables\.(.+)$/.exec(path);
  if (env) {
    const row = form.environment.findIndex((r) => r.key.trim() === env[1]);
    if (row >= 0) return `environment.${row}.key`;
  }
  return path;
}

function toField(form: TemplateForm, schema: typeof CreateTemplateRequest | typeof UpdateTemplateRequest): IssueToField {
  const rename = (p: string) => templateErrorKey(p, form);
  const tags = list(form.tags);
  const reword = (key: string, issue: Issue) =>
    key === 'category' && issue.code === 'invalid_value'
      ? 'Choose a category'
      : key.startsWith('tags.')
        ? longEntryMessage(tags, key, issue)
        : null;
  // Rows show their own keys; other issues land on the field that shows them (tags.3 → tags) or are listed by label.
  const rows = formFields({ schema, rename, labels: TEMPLATE_LABELS, reword });
  const fields = formFields({ schema, rename, shown: Object.keys(TEMPLATE_FIELDS), labels: TEMPLATE_LABELS, reword });
  return (path, issue) => (ROW_KEY.test(rename(path)) ? rows : fields)(path, issue);
}

/** TEMPLATE_NAME_EXISTS on the name; a refused field (e.g. bounds) on its field. */
export function templateApiErrorFields(error: NormalizedError, form: TemplateForm): ServerFieldError<TemplateForm>[] | null {
  return placeApiError<TemplateForm>(error, {
    members: TEMPLATE_FIELDS,
    memberOf: (key) => (ROW_KEY.test(key) ? (key.startsWith('port_mappings.') ? 'ports' : 'environment') : undefined),
    rename: (path) => templateErrorKey(path, form),
    codes: {
      TEMPLATE_NAME_EXISTS: () => ({
        key: 'name',
        message: `A template named ${form.name.trim()} already exists in this project; choose another name`,
      }),
    },
  });
}

export function toCreateTemplate(form: TemplateForm): FormResult<CreateTemplateRequest> {
  const errors: FieldErrors = {};
  const candidate = body(form, errors);
  if (!form.category) errors.category = 'Choose a category';
  const parsed = CreateTemplateRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField(form, CreateTemplateRequest), errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** Every editable field is sent (the form shows them all); the version when it changed, and notes when given. */
export function toUpdateTemplate(form: TemplateForm, currentVersion?: string): FormResult<UpdateTemplateRequest> {
  const errors: FieldErrors = {};
  const version = form.version.trim();
  const candidate = {
    ...body(form, errors),
    ...(version && version !== currentVersion ? { version } : {}),
    ...(form.versionNotes.trim() ? { version_notes: form.versionNotes.trim() } : {}),
  };
  const parsed = UpdateTemplateRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField(form, UpdateTemplateRequest), errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** Whether an error key concerns the resources (the inputs of the cost estimate). */
export const isResourceKey = (key: string) => /^(default_configuration|min_resources|max_resources)\./.test(key);

/**
 * Hourly cost of the form's default configuration, or null while it is incomplete or does not
 * hold (a whole number in range, within its min and max): no price for what cannot be asked for.
 */
export function formHourlyCost(form: TemplateForm): number | null {
  const r = resources(form.defaults);
  const valid = RESOURCES.every((n) => {
    const v = r[n];
    return typeof v === 'number' && Number.isInteger(v) && v >= RESOURCE_RANGES[n].min && v <= RESOURCE_RANGES[n].max;
  });
  if (!valid) return null;
  const bounds = resourceBoundIssues({
    default_configuration: numbersOnly(r),
    min_resources: numbersOnly(resources(form.min)),
    max_resources: numbersOnly(resources(form.max)),
  });
  if (bounds.some((i) => i.path[0] === 'default_configuration')) return null;
  return estimateHourlyRate({ gpu_type: form.gpuType, ...(r as Record<ResourceName, number>) });
}

export const GPU_TYPES = GpuType.options;

/** Suggests the next patch version, e.g. 1.4.0 → 1.4.1. */
export function nextPatchVersion(version: string): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? `${m[1]}.${m[2]}.${Number(m[3]) + 1}` : '1.0.0';
}
