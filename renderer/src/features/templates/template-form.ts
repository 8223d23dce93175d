// The template form as plain data and its translation into create and update requests
// validated by the shared schemas (min ≤ default ≤ max included); errors are keyed by the
// request's field path, e.g. `default_configuration.cpu_cores`, `port_mappings.0.description`.
import { estimateHourlyRate, GpuType, type Protocol } from '../../../../shared/api/clusters/common';
import {
  CreateTemplateRequest,
  RESOURCE_RANGES,
  resourceBoundIssues,
  UpdateTemplateRequest,
  type Framework,
  type ResourceName,
  type Template,
  type TemplateCategory,
} from '../../../../shared/api/clusters/templates';
import { envRowsToRecord, type EnvRow } from '../../components/form/env-rows';
import { fieldErrors, wholeNumberMessage, type IssueToField } from '../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../components/form/form-result';
export type { EnvRow, FieldErrors, FormResult };

export const RESOURCES = Object.keys(RESOURCE_RANGES) as ResourceName[];
export type ResourceTexts = Record<ResourceName, string>;

export interface TemplatePortRow {
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
    errors[issue.path.join('.')] ??= issue.message;
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

const toField: IssueToField = (path, issue) => [
  path || 'form',
  path === 'category' && issue.code === 'invalid_value' ? 'Choose a category' : wholeNumberMessage(issue),
];

export function toCreateTemplate(form: TemplateForm): FormResult<CreateTemplateRequest> {
  const errors: FieldErrors = {};
  const candidate = body(form, errors);
  if (!form.category) errors.category = 'Choose a category';
  const parsed = CreateTemplateRequest.safeParse(candidate);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
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
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

/** Hourly cost of the form's default configuration, or null while it is incomplete. */
export function formHourlyCost(form: TemplateForm): number | null {
  const r = resources(form.defaults);
  if (!RESOURCES.every((n) => typeof r[n] === 'number')) return null;
  return estimateHourlyRate({ gpu_type: form.gpuType, ...(r as Record<ResourceName, number>) });
}

export const GPU_TYPES = GpuType.options;

/** Suggests the next patch version, e.g. 1.4.0 → 1.4.1. */
export function nextPatchVersion(version: string): string {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m ? `${m[1]}.${m[2]}.${Number(m[3]) + 1}` : '1.0.0';
}
