// Deploy the best trial: a new training job from the best (or a chosen) trial's parameters, with
// an optional name, number of epochs and parameters set on top; then a link to the new job.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ParamName } from '../../../../../shared/api/training/tuning';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { PairRowsEditor } from '../../../components/form/RowEditors';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { MONO_FONT } from '../../../lib/fonts';
import { choiceValue } from './tuning-form';
import { formatParam, formatValue } from './tuning-format';
import { rankedTrials, trialValue } from './trial-logic';
import { useTuning, type DeployBestBody, type DeployBestResult, type TuningJob } from './tuning-store';

interface Override {
  name: string;
  value: string;
}
interface DeployForm {
  name: string;
  epochs: string;
  trialId: string;
  overrides: Override[];
}
type Errors = Partial<Record<string, string>>;

/** How many of the best trials the picker offers. */
const PICKS = 20;

/** @internal Exported for its tests only. */
export function validateDeployForm(f: DeployForm, bestId: string): { ok: true; request: DeployBestBody } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const name = f.name.trim();
  if (name.length > 100) errors.name = 'A name has at most 100 characters';
  const epochs = f.epochs.trim() === '' ? undefined : Number(f.epochs);
  if (epochs !== undefined && (!Number.isInteger(epochs) || epochs < 1 || epochs > 100))
    errors.epochs = 'Epochs is a whole number from 1 to 100';
  const overrides: Record<string, string | number | boolean> = {};
  f.overrides.forEach((o, i) => {
    const key = o.name.trim();
    if (!ParamName.safeParse(key).success) errors[`overrides.${i}.name`] = 'A letter or _ first, then letters, digits or _';
    else if (key in overrides) errors[`overrides.${i}.name`] = `${key} is set twice`;
    if (o.value.trim() === '') errors[`overrides.${i}.value`] = 'Enter the value';
    if (!errors[`overrides.${i}.name`] && !errors[`overrides.${i}.value`]) overrides[key] = choiceValue(o.value);
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    request: {
      ...(name ? { name } : {}),
      ...(epochs !== undefined ? { epochs } : {}),
      ...(f.trialId && f.trialId !== bestId ? { use_best_trial: f.trialId } : {}),
      ...(Object.keys(overrides).length ? { override_parameters: overrides } : {}),
    },
  };
}

export function DeployBestDialog({ job, open, onClose }: { job: TuningJob; open: boolean; onClose(): void }) {
  const [result, setResult] = useState<DeployBestResult | null>(null);
  const bestId = job.bestTrial?.id ?? '';
  const picks = rankedTrials(job, job.trials).slice(0, PICKS);
  const state = useValidatedForm<DeployForm, DeployBestBody, Errors>({
    open,
    initial: () => ({ name: '', epochs: '', trialId: bestId, overrides: [] }),
    onReset: () => setResult(null),
    validate: (f) => validateDeployForm(f, bestId),
    submit: async (body) => setResult(await useTuning.getState().deployBest(job.trainingJobId, job.id, body)),
  });
  const chosen = job.trials.find((t) => t.id === state.form.trialId) ?? job.bestTrial;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="deploy-best-dialog"
      titleId="deploy-best-title"
      title="Deploy the best trial"
      subtitle={
        <Typography variant="body2" color="text.secondary" sx={{ px: 3 }}>
          Trains a new job with the trial’s parameters on the tuned job’s dataset and configuration.
        </Typography>
      }
      state={state}
      submitLabel="Create training job"
      submitTestId="deploy-best-submit"
      content={
        result ? (
          <Alert severity="success" data-testid="deploy-best-result">
            Training job <strong>{result.trainingJob.name}</strong> ({result.trainingJob.id}) created from trial{' '}
            {job.trials.find((t) => t.id === result.trialId)?.number ?? result.trialId}: it is {result.trainingJob.status}.
            <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12, mt: 1 }}>
              {Object.entries(result.parameters)
                .map(([k, v]) => `${k}=${formatParam(v)}`)
                .join('  ')}
            </Typography>
          </Alert>
        ) : undefined
      }
      actions={
        result ? (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" href={`#/training/jobs/${encodeURIComponent(result.trainingJob.id)}`} onClick={onClose}>
              Open training job
            </Button>
          </>
        ) : undefined
      }
    >
      <FormField
        form={state}
        name="trialId"
        select
        label="Trial"
        hint={
          chosen
            ? Object.entries(chosen.parameters)
                .map(([k, v]) => `${k} ${formatParam(v)}`)
                .join(' · ')
            : ' '
        }
      >
        {picks.map((t, i) => (
          <MenuItem key={t.id} value={t.id}>
            {i === 0 ? 'Best: ' : ''}trial {t.number} · {job.metric} {formatValue(trialValue(job, t))}
          </MenuItem>
        ))}
      </FormField>
      <Stack direction="row" spacing={1}>
        <FormField form={state} name="name" label="Name" hint="Empty: the tuned job’s name with -best" sx={{ flex: 1 }} />
        <FormField form={state} name="epochs" label="Epochs" hint="Empty: as the trial" sx={{ width: 140 }} />
      </Stack>
      <Typography variant="subtitle2">Override parameters</Typography>
      <PairRowsEditor
        rows={state.form.overrides}
        onChange={(overrides) => state.setForm((f) => ({ ...f, overrides }))}
        errors={state.errors}
        errorPath="overrides"
        keyName="name"
        keyLabel="Parameter"
        keyWidth={220}
        newRow={() => ({ name: '', value: '' })}
        addLabel="Add override"
        removeLabel={(i) => `Remove override ${i + 1}`}
      />
    </FormDialog>
  );
}
