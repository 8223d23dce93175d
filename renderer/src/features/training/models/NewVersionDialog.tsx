// A new version of a model (POST …/versions): the version above the latest (the next minor
// suggested), the job picked from the completed jobs of the model's type (those already a version
// of it are shown, not offered) or no job (the version holds the latest one's files: weights
// made elsewhere), description and changelog lines. The API's refusals land on the version or the job.
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { Model } from '../../../../../shared/api/training/models';
import { notify } from '../../../platform/notifications-store';
import { WhyButton } from '../../../components/WhyButton';
import { placeApiError } from '../../../components/form/api-error-fields';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatDateTime } from '../../../platform/relative-time';
import { useLoaded } from '../../../platform/use-loaded';
import { useModels } from './models-store';
import {
  latestVersion,
  validateVersionForm,
  VERSION_LABELS,
  versionErrorField,
  versionFormOf,
  NO_JOB,
  type VersionForm,
  type VersionRequest,
} from './version-form';

const CODES = ['VERSION_EXISTS', 'VERSION_NOT_NEWER', 'JOB_NOT_COMPLETED', 'MODEL_TYPE_MISMATCH', 'JOB_NOT_FOUND'] as const;

/** The completed jobs of the model's type, newest first (100: the list's page), read while the dialog is open. */
function useCompletedJobs(open: boolean, modelType: Model['type']) {
  const { data: jobs, error } = useLoaded(open ? modelType : null, (signal) => useModels.getState().completedJobs(modelType, signal));
  return { jobs, error };
}

export function NewVersionDialog({ model, open, onClose }: { model: Model; open: boolean; onClose(): void }) {
  const { jobs, error: jobsError } = useCompletedJobs(open, model.type);
  const sent = useRef('');
  const latest = latestVersion(model);
  const state = useValidatedForm<VersionForm, VersionRequest>({
    open,
    resetKey: `${model.id}:${latest}`,
    initial: () => versionFormOf(model),
    validate: (f) => validateVersionForm(f, model),
    placeApiError: (error) =>
      placeApiError<VersionForm>(error, {
        members: { version: 'version', trainingJobId: 'trainingJobId', description: 'description', changelog: 'changelog' },
        codes: Object.fromEntries(CODES.map((c) => [c, (e: NormalizedError) => versionErrorField(e, sent.current)])),
      }),
    async submit(request) {
      sent.current = request.version ?? '';
      const created = await useModels.getState().createVersion(model.id, request);
      notify('success', `Version ${created.version} of “${model.name}” created`);
      onClose();
    },
  });
  const usedBy = new Map(model.versions.filter((v) => v.trainingJobId).map((v) => [v.trainingJobId!, v.version]));
  const pickerHelp = jobsError ? (
    <>
      The jobs could not be read: {jobsError.message} <WhyButton error={jobsError} />
    </>
  ) : jobs === null ? (
    'Reading the completed jobs…'
  ) : jobs.length === 0 ? (
    `No completed ${model.type} training job yet: train one, or choose no job`
  ) : (
    `A completed ${model.type} job: the new version takes its metrics and files`
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="new-version-dialog"
      titleId="new-version-title"
      title={`New version of ${model.name}`}
      state={state}
      fieldLabels={VERSION_LABELS}
      submitLabel="Create version"
      submitTestId="new-version-submit"
    >
      <Typography variant="body2" color="text.secondary">
        The latest version is {latest}. A new version becomes the model’s latest: deploy and download use it.
      </Typography>
      <FormField
        form={state}
        name="version"
        label="Version"
        hint={`Above ${latest}; major.minor.patch with an optional pre-release, e.g. v1.1.0 or v2.0.0-rc.1`}
        slotProps={{ htmlInput: { 'data-testid': 'new-version-version', spellCheck: false } }}
      />
      <FormField
        form={state}
        name="trainingJobId"
        select
        label="Training job"
        hint={pickerHelp}
        slotProps={{
          select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
          htmlInput: { 'data-testid': 'new-version-job' },
        }}
      >
        <MenuItem value={NO_JOB} data-testid="new-version-no-job">
          <span>
            No job{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              · keeps {latest}’s files and metrics (weights made elsewhere)
            </Typography>
          </span>
        </MenuItem>
        {(jobs ?? []).map((j) => {
          const used = usedBy.get(j.id);
          return (
            <MenuItem key={j.id} value={j.id} disabled={Boolean(used)} data-testid={`new-version-job-${j.id}`}>
              <span>
                {j.name}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  · {j.id} · {formatDateTime(j.updatedAt)}
                  {j.metrics.loss !== null ? ` · loss ${j.metrics.loss.toFixed(4)}` : ''}
                  {used ? ` · already ${used}` : ''}
                </Typography>
              </span>
            </MenuItem>
          );
        })}
      </FormField>
      <FormField form={state} name="description" label="Description" lines={2} hint="Optional; up to 2,000 characters" />
      <FormField
        form={state}
        name="changelog"
        label="Changelog"
        lines={3}
        hint="One change per line; up to 100 lines of 500 characters"
        slotProps={{ htmlInput: { 'data-testid': 'new-version-changelog' } }}
      />
    </FormDialog>
  );
}
