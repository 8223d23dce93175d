// The configuration editor: workers, concurrency, timeout, environment variables and
// auto-scaling, checked by the shared schema as typed; "Review changes" shows the change as a
// diff (old → new per field) and "Apply" sends only what changed. A refusal lands on the
// field it names (INVALID_CONFIGURATION), or says in words why not now (ENDPOINT_BUSY).
import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ENDPOINT_LIMITS } from '../../../../shared/api/endpoints/common';
import type { Endpoint, UpdateEndpointRequest } from '../../../../shared/api/endpoints/endpoint';
import type { NormalizedError } from '../../../../shared/api/errors';
import { notify } from '../../platform/notifications-store';
import { FormDialog } from '../../components/form/FormDialog';
import { FormField } from '../../components/form/FormField';
import { EnvRowsEditor } from '../../components/form/RowEditors';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { MONO_FONT } from '../../lib/fonts';
import { formatLocalTime } from '../../components/error-details';
import { CONFIG_LABELS, configDiff, formFromConfiguration, placeConfigError, validateConfigForm, type ConfigForm } from './config-form';
import { useEndpoints } from './endpoints-store';

type Limit = { minimum: number; maximum: number };
const rangeHelp = (r: Limit, unit = '') => `${r.minimum.toLocaleString('en-US')} to ${r.maximum.toLocaleString('en-US')}${unit}`;

/** ENDPOINT_BUSY in words: how many batch requests hold the endpoint, and until when. */
function BusyAlert({ error }: { error: NormalizedError }) {
  const count = typeof error.details?.activeRequests === 'number' ? error.details.activeRequests : null;
  const retryAt = typeof error.details?.retryAt === 'string' ? error.details.retryAt : null;
  return (
    <Alert severity="warning" data-testid="endpoint-busy">
      {count === null ? 'Requests' : `${count.toLocaleString('en-US')} request${count === 1 ? '' : 's'}`} from batch runs{' '}
      {count === 1 ? 'is' : 'are'} still executing on this endpoint, so its configuration cannot change yet.
      {retryAt ? ` Try again after ${formatLocalTime(retryAt)}.` : ' Try again once they have finished.'}
    </Alert>
  );
}

export function ConfigDialog({ endpoint, open, onClose }: { endpoint: Endpoint; open: boolean; onClose(): void }) {
  const current = endpoint.configuration;
  const [review, setReview] = useState<UpdateEndpointRequest | null>(null);
  const state = useValidatedForm<ConfigForm, UpdateEndpointRequest>({
    open,
    resetKey: endpoint.id,
    initial: () => formFromConfiguration(current),
    validate: (f) => validateConfigForm(f, current),
    onReset: () => setReview(null),
    placeApiError: (error) => placeConfigError(error),
    async submit(request) {
      if (!review) {
        setReview(request);
        return;
      }
      try {
        await useEndpoints.getState().update(endpoint.id, request);
      } catch (error) {
        // Back to the fields, where a refusal about one of them shows.
        setReview(null);
        throw error;
      }
      notify('success', `Rolling out the new configuration of “${endpoint.name}”`);
      onClose();
    },
  });
  const { form, update, errors, busy, apiError } = state;
  const diff = review ? configDiff(current, review) : [];
  const busyError = apiError?.code === 'ENDPOINT_BUSY' ? apiError : null;
  const L = ENDPOINT_LIMITS;

  const reviewView = (
    <Stack spacing={2} sx={{ pt: 1 }} data-testid="config-diff">
      <Typography variant="body2" color="text.secondary">
        These changes roll out to the workers one by one; the endpoint reads “updating” until every worker runs them.
      </Typography>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          width: '100%',
          fontSize: 14,
          '& td, & th': { py: 0.75, px: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' },
        }}
      >
        <thead>
          <tr>
            <Box component="th" sx={{ fontWeight: 600 }}>
              Field
            </Box>
            <Box component="th" sx={{ fontWeight: 600 }}>
              Now
            </Box>
            <th aria-label="becomes" />
            <Box component="th" sx={{ fontWeight: 600 }}>
              New
            </Box>
          </tr>
        </thead>
        <tbody>
          {diff.map((c) => (
            <tr key={c.key} data-testid={`diff-${c.key}`}>
              <Box component="td" sx={c.key.startsWith('environmentVariables.') ? { fontFamily: MONO_FONT, fontSize: 13 } : undefined}>
                {c.label}
                {c.masked && (
                  <Box component="span" sx={{ ml: 1, color: 'text.secondary', fontFamily: 'inherit', fontSize: 12 }}>
                    secret, value hidden
                  </Box>
                )}
              </Box>
              <Box component="td" sx={{ color: 'text.secondary', textDecoration: 'line-through' }}>
                {c.from}
              </Box>
              <Box component="td" sx={{ color: 'text.secondary', width: 24 }}>
                <ArrowForward fontSize="inherit" aria-hidden />
              </Box>
              <Box component="td" sx={{ fontWeight: 600 }}>
                {c.to}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Stack>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="endpoint-config-dialog"
      titleId="endpoint-config-title"
      title={review ? `Review changes to ${endpoint.name}` : `Configure ${endpoint.name}`}
      maxWidth="md"
      dividers
      state={state}
      apiError={busyError ? null : apiError}
      fieldLabels={CONFIG_LABELS}
      submitLabel={review ? `Apply ${diff.length} change${diff.length === 1 ? '' : 's'}` : 'Review changes'}
      submitTestId="config-submit"
      content={review ? reviewView : undefined}
      actions={
        review ? (
          <>
            <Button onClick={() => setReview(null)} disabled={busy}>
              Back
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
              data-testid="config-apply"
            >
              Apply {diff.length} change{diff.length === 1 ? '' : 's'}
            </Button>
          </>
        ) : undefined
      }
    >
      {busyError && <BusyAlert error={busyError} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
        <FormField
          form={state}
          name="workerCount"
          label="Workers"
          hint={rangeHelp(L.workerCount)}
          inputMode="numeric"
          sx={{ width: 160 }}
        />
        <FormField
          form={state}
          name="maxConcurrency"
          label="Concurrent requests per worker"
          hint={rangeHelp(L.maxConcurrency)}
          inputMode="numeric"
          sx={{ width: 240 }}
        />
        <FormField
          form={state}
          name="timeoutSeconds"
          label="Request timeout (seconds)"
          hint={rangeHelp(L.timeoutSeconds, ' s')}
          inputMode="numeric"
          sx={{ width: 220 }}
        />
      </Stack>
      <Stack spacing={1} component="section" aria-label="Auto-scaling">
        <FormControlLabel
          control={<Switch checked={form.autoScalingEnabled} onChange={(ev) => update({ autoScalingEnabled: ev.target.checked })} />}
          label="Auto-scaling: add and remove workers to hold the target utilisation"
        />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FormField
            form={state}
            name="minWorkers"
            errorKey="autoScaling.minWorkers"
            label="Minimum workers"
            hint={rangeHelp(L.minWorkers)}
            inputMode="numeric"
            sx={{ width: 136 }}
          />
          <FormField
            form={state}
            name="maxWorkers"
            errorKey="autoScaling.maxWorkers"
            label="Maximum workers"
            hint={rangeHelp(L.maxWorkers)}
            inputMode="numeric"
            sx={{ width: 136 }}
          />
          <FormField
            form={state}
            name="targetUtilization"
            errorKey="autoScaling.targetUtilization"
            label="Target utilisation (%)"
            hint={rangeHelp(L.targetUtilization, '%')}
            inputMode="numeric"
            sx={{ width: 156 }}
          />
          <FormField
            form={state}
            name="scaleUpCooldown"
            errorKey="autoScaling.scaleUpCooldown"
            label="Scale-up cooldown (s)"
            hint={rangeHelp(L.scaleUpCooldown, ' s')}
            inputMode="numeric"
            sx={{ width: 164 }}
          />
          <FormField
            form={state}
            name="scaleDownCooldown"
            errorKey="autoScaling.scaleDownCooldown"
            label="Scale-down cooldown (s)"
            hint={rangeHelp(L.scaleDownCooldown, ' s')}
            inputMode="numeric"
            sx={{ width: 176 }}
          />
        </Stack>
      </Stack>
      <Stack spacing={1} component="section" aria-label="Environment variables">
        <Typography variant="subtitle2">Environment variables</Typography>
        <EnvRowsEditor
          rows={form.environment}
          onChange={(environment) => update({ environment })}
          errors={errors as Record<string, string>}
        />
      </Stack>
    </FormDialog>
  );
}
