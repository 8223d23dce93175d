// Archive a model: a reason and the retention period (1–3,650 days), saying that its
// deployments stop and that it is permanently deleted when the period ends unless restored.
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../../shared/api/training/models';
import { notify } from '../../../platform/notifications-store';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatDate } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';
import {
  deletionDate,
  initialArchiveForm,
  RETENTION_RULE,
  validateArchiveForm,
  type ArchiveForm,
  type ArchiveRequest,
} from './archive-form';
import { useModels } from './models-store';

export function ArchiveModelDialog({ model, open, onClose }: { model: Model; open: boolean; onClose(): void }) {
  const state = useValidatedForm<ArchiveForm, ArchiveRequest>({
    open,
    resetKey: model.id,
    initial: initialArchiveForm,
    validate: validateArchiveForm,
    async submit(request) {
      const done = await useModels.getState().archive(model.id, request);
      notify(
        'success',
        `Model “${model.name}” archived`,
        `${done.stoppedDeployments.length ? `${done.stoppedDeployments.length} deployment(s) stopped. ` : ''}Deleted permanently on ${formatDate(done.deleteAt)} unless restored.`,
      );
      onClose();
    },
  });
  const deleteOn = deletionDate(state.form.days, serverNow());
  const live = model.deployments.filter((d) => d.status !== 'stopped');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="archive-model-dialog"
      titleId="archive-model-title"
      title={`Archive ${model.name}?`}
      state={state}
      fieldLabels={{ reason: 'Reason', days: 'Retention period' }}
      submitLabel="Archive"
      submitColor="error"
      submitTestId="archive-model-submit"
    >
      <Typography variant="body2" color="text.secondary">
        An archived model keeps its metadata, versions and files but cannot be deployed or downloaded. It can be restored until the
        retention period ends; then it is <strong>deleted permanently</strong>, files included.
      </Typography>
      {live.length > 0 && (
        <Alert severity="warning" data-testid="archive-stops-deployments">
          {live.length === 1 ? `Its deployment ${live[0]!.name} stops` : `Its ${live.length} deployments stop`} now.
        </Alert>
      )}
      <FormField
        form={state}
        name="reason"
        label="Reason"
        hint="Optional; kept with the model"
        slotProps={{ htmlInput: { 'data-testid': 'archive-reason' } }}
      />
      <FormField
        form={state}
        name="days"
        label="Retention period (days)"
        hint={`${RETENTION_RULE}${deleteOn ? ` · deleted on ${formatDate(deleteOn.toISOString())} unless restored` : ''}`}
        inputMode="numeric"
        sx={{ width: 360 }}
        slotProps={{ htmlInput: { 'data-testid': 'archive-days' } }}
      />
    </FormDialog>
  );
}
