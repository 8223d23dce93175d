// The new-version dialog's form (docs/decisions.md, Models view: new version): a semantic version
// above the latest, a completed training job of the model's type, a description and changelog
// lines; checked by the shared schema and the API's own precedence rule, in the form's words, and
// the API's refusals (VERSION_EXISTS, VERSION_NOT_NEWER, JOB_NOT_COMPLETED, MODEL_TYPE_MISMATCH,
// JOB_NOT_FOUND) placed on the field they concern.
import type { z } from 'zod';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { Model } from '../../../../../shared/api/training/models';
import {
  compareVersions,
  CreateModelVersionRequest,
  MODEL_LIMITS,
  VERSION_PATTERN,
} from '../../../../../shared/api/training/models-actions';
import type { FieldLabels } from '../../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../../components/form/form-result';

export interface VersionForm {
  version: string;
  trainingJobId: string;
  description: string;
  /** One entry per line. */
  changelog: string;
}

export type VersionRequest = z.input<typeof CreateModelVersionRequest>;

export const VERSION_LABELS: FieldLabels = {
  version: 'Version',
  trainingJobId: 'Training job',
  description: 'Description',
  changelog: 'Changelog',
};

const SEMVER_WORDS = 'a semantic version such as v1.1.0: major.minor.patch, an optional pre-release (-rc.1)';

/** The model's highest version by precedence (the API keeps them oldest first, so the last). */
export const latestVersion = (m: Pick<Model, 'versions' | 'version'>) => m.versions.at(-1)?.version ?? m.version;

/** The next minor version after `latest`, with its `v` if it has one: v1.0.0 → v1.1.0; v1.2.0-rc.1 → v1.3.0. */
function nextVersion(latest: string): string {
  const m = VERSION_PATTERN.exec(latest);
  if (!m) return 'v1.0.0';
  return `${latest.startsWith('v') ? 'v' : ''}${m[1]}.${Number(m[2]) + 1}.0`;
}

export function versionFormOf(m: Pick<Model, 'versions' | 'version'>): VersionForm {
  return { version: nextVersion(latestVersion(m)), trainingJobId: '', description: '', changelog: '' };
}

const changelogLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The job picker's choice of no job: the version holds the latest one's files and metrics (the API's trainingJobId is optional). */
export const NO_JOB = 'none';

export function validateVersionForm(form: VersionForm, model: Pick<Model, 'versions' | 'version'>): FormResult<VersionRequest> {
  const errors: FieldErrors = {};
  const version = form.version.trim();
  const latest = latestVersion(model);
  if (version === '') errors.version = 'Required';
  else if (version.length > MODEL_LIMITS.version.max || !VERSION_PATTERN.test(version)) errors.version = `Use ${SEMVER_WORDS}`;
  else {
    const same = model.versions.find((v) => compareVersions(v.version, version) === 0);
    if (same) errors.version = `${same.version} exists already; use a version above ${latest}`;
    else if (compareVersions(version, latest) < 0) errors.version = `Must be above the latest version, ${latest}`;
  }
  if (form.trainingJobId === '') errors.trainingJobId = 'Choose a completed training job, or no job';
  if (form.description.length > MODEL_LIMITS.description.max)
    errors.description = `At most ${MODEL_LIMITS.description.max.toLocaleString('en-US')} characters`;
  const changelog = changelogLines(form.changelog);
  if (changelog.length > MODEL_LIMITS.changelog.maxItems) errors.changelog = `At most ${MODEL_LIMITS.changelog.maxItems} lines`;
  else {
    const long = changelog.findIndex((l) => l.length > MODEL_LIMITS.changelog.maxLength);
    if (long >= 0) errors.changelog = `Line ${long + 1} is over ${MODEL_LIMITS.changelog.maxLength} characters`;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const request: VersionRequest = {
    version,
    ...(form.trainingJobId === NO_JOB ? {} : { trainingJobId: form.trainingJobId }),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(changelog.length ? { changelog } : {}),
  };
  // The shared schema has the last word (the same one the API checks with).
  const parsed = CreateModelVersionRequest.safeParse(request);
  if (!parsed.success) return { ok: false, errors: { form: 'The version could not be read; check the fields' } };
  return { ok: true, request };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Where an API refusal of a new version lands, in the form's words; null when on no field. */
export function versionErrorField(error: NormalizedError, submittedVersion: string): { key: keyof VersionForm; message: string } | null {
  const d = error.details ?? {};
  switch (error.code) {
    case 'VERSION_EXISTS': {
      const existing = str(d.version);
      const sameVersion =
        existing !== '' && VERSION_PATTERN.test(existing) && VERSION_PATTERN.test(submittedVersion)
          ? compareVersions(existing, submittedVersion) === 0
          : true;
      return sameVersion
        ? { key: 'version', message: `${existing || submittedVersion} exists already; use a higher version` }
        : { key: 'trainingJobId', message: `This job is already version ${existing} of the model; choose another job` };
    }
    case 'VERSION_NOT_NEWER':
      return { key: 'version', message: `Must be above the latest version, ${str(d.latestVersion) || 'the latest'}` };
    case 'JOB_NOT_COMPLETED':
      return { key: 'trainingJobId', message: `The job is ${str(d.status) || 'not completed'}; only a completed job can become a version` };
    case 'MODEL_TYPE_MISMATCH':
      return {
        key: 'trainingJobId',
        message: `The job trained ${str(d.jobModelType) ? `a ${str(d.jobModelType)}` : 'another type of'} model; this model is ${str(d.modelType) || 'another type'}`,
      };
    case 'JOB_NOT_FOUND':
      return { key: 'trainingJobId', message: 'No such training job (it may have been deleted); choose another' };
    default:
      return null;
  }
}
