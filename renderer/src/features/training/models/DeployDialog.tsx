// Deploy a model: name, environment, GPU type, workers, auto-scaling (minimum and maximum
// workers, target utilisation 10–90 %) and the generation settings, checked as typed against
// the shared schema. Once accepted the dialog follows the deployment until it is active (the
// model page reads the model every 2 s while one deploys); DEPLOYMENT_FAILED and
// MODEL_TOO_LARGE are explained with the GPU types that have room or the size limit.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { TRAINING_GPUS, TrainingGpuType } from '../../../../../shared/api/training/catalog';
import type { Model } from '../../../../../shared/api/training/models';
import { notify } from '../../../platform/notifications-store';
import { CopyButton } from '../../../components/CopyButton';
import { placeApiError } from '../../../components/form/api-error-fields';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { formatDuration, formatLocalTime } from '../../../components/error-details';
import { MONO_FONT } from '../../../lib/fonts';
import { serverNow } from '../../../platform/server-clock';
import {
  DEPLOY_LABELS,
  DEPLOY_MEMBERS,
  DEPLOY_RULES,
  explainDeployError,
  initialDeployForm,
  validateDeployForm,
  type DeployForm,
  type DeployRequest,
} from './deploy-form';
import { deployProgress } from './deploy-progress';
import { ModelStatusChip } from './ModelStatusChip';
import { useModels, type Deployment } from './models-store';

/** Re-renders every second while `on`: the progress moves between reads. */
function useTick(on: boolean): void {
  const [, setN] = useState(0);
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setN((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [on]);
}

function FollowDeployment({ modelId, started }: { modelId: string; started: Deployment }) {
  const summary = useModels((s) => s.details[modelId]?.model?.deployments.find((d) => d.id === started.id));
  const status = summary?.status ?? started.status;
  const readyAt = summary?.readyAt ?? started.estimatedReadyTime;
  useTick(status === 'deploying');
  const p = deployProgress(started.createdAt, readyAt, status, serverNow());
  const gpu = TRAINING_GPUS[started.configuration.gpuType].displayName;
  return (
    <Stack spacing={2} sx={{ pt: 1 }} data-testid="deploy-follow">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, minWidth: 0 }} noWrap title={started.name}>
          {started.name}
        </Typography>
        <ModelStatusChip status={status} testId="deploy-follow-status" />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {started.version} on {started.configuration.workers} × {gpu} · {started.environment}
      </Typography>
      {status === 'deploying' && (
        <Box>
          <LinearProgress variant="determinate" value={p.percent} sx={{ height: 6, borderRadius: 3 }} aria-label="Deployment progress" />
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="deploy-follow-eta">
            {p.overdue
              ? `Still deploying; it was estimated ready at ${formatLocalTime(readyAt)}.`
              : `Deploying · ${p.percent} % of the estimated time · ready about ${formatLocalTime(readyAt)} (in ${formatDuration(p.remainingSeconds)})`}
          </Typography>
        </Box>
      )}
      {status === 'active' && (
        <Alert severity="success" data-testid="deploy-follow-active">
          <AlertTitle>Active</AlertTitle>
          The deployment serves requests at
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
              {started.url}
            </Box>
            <CopyButton value={started.url} label="Copy address" />
          </Stack>
        </Alert>
      )}
      {status === 'stopped' && <Alert severity="warning">The deployment was stopped (its model was archived).</Alert>}
      <Typography variant="caption" color="text.secondary">
        Closing this leaves the deployment running; the Deployments tab shows it.
      </Typography>
    </Stack>
  );
}

export function DeployDialog({ model, open, onClose }: { model: Model; open: boolean; onClose(): void }) {
  const [started, setStarted] = useState<Deployment | null>(null);
  const state = useValidatedForm<DeployForm, DeployRequest>({
    open,
    resetKey: model.id,
    initial: () => initialDeployForm(model.name),
    validate: validateDeployForm,
    onReset: () => setStarted(null),
    placeApiError: (error) => placeApiError<DeployForm>(error, { members: DEPLOY_MEMBERS, rename: (p) => p.replace(/^body\./, '') }),
    async submit(request) {
      const deployment = await useModels.getState().deploy(model.id, request);
      notify('info', `Deploying “${model.name}” as ${deployment.name}`);
      setStarted(deployment);
    },
  });
  const { form, update, apiError } = state;
  const explained = apiError ? explainDeployError(apiError) : null;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="deploy-dialog"
      titleId="deploy-title"
      title={started ? `Deploying ${model.name}` : `Deploy ${model.name} ${model.version}`}
      maxWidth="sm"
      dividers
      state={state}
      apiError={explained ? null : state.apiError}
      fieldLabels={DEPLOY_LABELS}
      submitLabel="Deploy"
      submitTestId="deploy-submit"
      content={started ? <FollowDeployment modelId={model.id} started={started} /> : undefined}
      actions={
        started ? (
          <Button onClick={onClose} variant="contained" data-testid="deploy-close">
            Close
          </Button>
        ) : undefined
      }
    >
      <Stack direction="row" spacing={2}>
        <FormField
          form={state}
          name="name"
          label="Deployment name"
          hint="Up to 100 characters"
          sx={{ width: '100%' }}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-name' } }}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormField
          form={state}
          name="environment"
          label="Environment"
          hint="e.g. production, staging"
          sx={{ width: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-environment' } }}
        />
        <FormField
          form={state}
          name="gpuType"
          select
          label="GPU type"
          hint={`${TRAINING_GPUS[form.gpuType].memoryGb} GB per GPU`}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-gpu' } }}
        >
          {TrainingGpuType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {TRAINING_GPUS[t].displayName}
            </MenuItem>
          ))}
        </FormField>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <FormField
          form={state}
          name="workers"
          label="Workers"
          hint={DEPLOY_RULES.workers}
          inputMode="decimal"
          sx={{ width: 160 }}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-workers' } }}
        />
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={<Switch checked={form.autoscale} onChange={(ev) => update({ autoscale: ev.target.checked })} />}
          label="Auto-scaling"
        />
      </Stack>
      {form.autoscale && (
        <Stack direction="row" spacing={2}>
          <FormField
            form={state}
            name="minWorkers"
            errorKey="scaling.minWorkers"
            label="Minimum workers"
            hint={DEPLOY_RULES.minWorkers}
            inputMode="decimal"
            sx={{ width: 150 }}
          />
          <FormField
            form={state}
            name="maxWorkers"
            errorKey="scaling.maxWorkers"
            label="Maximum workers"
            hint={DEPLOY_RULES.maxWorkers}
            inputMode="decimal"
            sx={{ width: 150 }}
          />
          <FormField
            form={state}
            name="targetUtilization"
            errorKey="scaling.targetUtilization"
            label="Target utilisation (%)"
            hint={DEPLOY_RULES.targetUtilization}
            inputMode="decimal"
            sx={{ width: 170 }}
            slotProps={{ htmlInput: { 'data-testid': 'deploy-utilization' } }}
          />
        </Stack>
      )}
      <Typography variant="subtitle2" sx={{ pt: 1 }}>
        Generation
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 2 }}>
        <FormField
          form={state}
          name="maxTokens"
          errorKey="configuration.max_tokens"
          label="Max tokens"
          hint={DEPLOY_RULES.maxTokens}
          inputMode="decimal"
          sx={{ width: '100%' }}
        />
        <FormField
          form={state}
          name="temperature"
          errorKey="configuration.temperature"
          label="Temperature"
          hint={DEPLOY_RULES.temperature}
          inputMode="decimal"
          sx={{ width: '100%' }}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-temperature' } }}
        />
        <FormField
          form={state}
          name="topP"
          errorKey="configuration.top_p"
          label="Top-p"
          hint={DEPLOY_RULES.topP}
          inputMode="decimal"
          sx={{ width: '100%' }}
        />
        <FormField
          form={state}
          name="repetitionPenalty"
          errorKey="configuration.repetition_penalty"
          label="Repetition penalty"
          hint={DEPLOY_RULES.repetitionPenalty}
          inputMode="decimal"
          sx={{ width: '100%' }}
        />
      </Box>
      {explained && (
        <Alert severity="error" data-testid="deploy-error">
          <AlertTitle>{explained.title}</AlertTitle>
          {explained.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </Alert>
      )}
    </FormDialog>
  );
}
