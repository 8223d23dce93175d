// Edit one secret's rotation policy; after saving it shows the next rotation the service
// computed (from the update response).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import type { Secret } from '../../../../shared/api/clusters/secrets';
import type { NormalizedError } from '../../../../shared/api/errors';
import { toNormalizedError } from '../../bridge/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime, relativeTime } from '../../lib/relative-time';
import { RotationFields } from './RotationFields';
import { rotationFormOf, toRotationPolicy, type FieldErrors } from './secret-form';
import { useSecrets } from './secrets-store';

function NextRotation({ secret }: { secret: Secret }) {
  const p = secret.rotation_policy;
  if (!p.enabled || !p.next_rotation) return <Typography variant="body2">Rotation is off.</Typography>;
  return (
    <Typography variant="body2" data-testid="rotation-next">
      Next rotation: <b>{formatDateTime(p.next_rotation)}</b> ({relativeTime(p.next_rotation)})
    </Typography>
  );
}

export function RotationPolicyDialog({ clusterId, secret, onClose }: { clusterId: string; secret: Secret | null; onClose(): void }) {
  const [form, setForm] = useState(secret ? rotationFormOf(secret) : { enabled: false, intervalDays: '90', notifyDaysBefore: '7' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);
  const [saved, setSaved] = useState<Secret | null>(null);

  useEffect(() => {
    if (!secret) return;
    setForm(rotationFormOf(secret));
    setErrors({});
    setApiError(null);
    setSaved(null);
  }, [secret]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret) return;
    const result = toRotationPolicy(form);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setBusy(true);
    setApiError(null);
    try {
      setSaved(await useSecrets.getState().update(clusterId, secret.name, { rotation_policy: result.request }));
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={secret !== null} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="rotation-title" data-testid="rotation-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="rotation-title">Rotation policy of {secret?.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {saved ? (
              <Alert severity="success">
                Policy saved. <NextRotation secret={saved} />
              </Alert>
            ) : (
              secret && <NextRotation secret={secret} />
            )}
            <RotationFields value={form} onChange={(v) => { setForm(v); setSaved(null); }} errors={errors} />
            {apiError && <ErrorAlert error={apiError} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {saved ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
            Save policy
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
