// Add a remote profile: name, base URL and key, validated with the contract's schemas.
// The key goes straight to the main process (keychain); the form clears it on close.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { channels } from '../../../../shared/ipc/contract';
import { toNormalizedError } from '../../bridge/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../notifications/notifications-store';
import { useAppInfo } from '../status/app-info-store';
import { useProfiles } from './profiles-store';

type Field = 'name' | 'baseUrl' | 'apiKey';
const schema = channels['profiles:create'].request;

export function AddProfileDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useProfiles((s) => s.create);
  const vault = useAppInfo((s) => s.info?.vault);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', baseUrl: 'https://', apiKey: '' });
  const [activate, setActivate] = useState(true);
  const [showKey, setShowKey] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  useEffect(() => {
    if (open) return;
    // Drop the typed key as soon as the dialog closes.
    setValues({ name: '', baseUrl: 'https://', apiKey: '' });
    setErrors({});
    setApiError(null);
    setShowKey(false);
  }, [open]);

  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    setApiError(null);
    try {
      const profile = await create(parsed.data, activate);
      notify('success', activate ? `Switched to profile “${profile.name}”` : `Profile “${profile.name}” added`);
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="add-profile-title" data-testid="add-profile-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="add-profile-title">Add remote profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Name" size="small" value={values.name} onChange={(e) => set('name', e.target.value)} error={Boolean(errors.name)} helperText={errors.name ?? 'e.g. “Production”'} autoFocus required />
            <TextField
              label="Base URL"
              size="small"
              value={values.baseUrl}
              onChange={(e) => set('baseUrl', e.target.value)}
              error={Boolean(errors.baseUrl)}
              helperText={errors.baseUrl ?? 'https address of the platform API (http only for localhost)'}
              required
            />
            <TextField
              label="API key"
              size="small"
              type={showKey ? 'text' : 'password'}
              autoComplete="off"
              value={values.apiKey}
              onChange={(e) => set('apiKey', e.target.value)}
              error={Boolean(errors.apiKey)}
              helperText={errors.apiKey ?? ' '}
              required
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton size="small" aria-label={showKey ? 'Hide key' : 'Show key'} onClick={() => setShowKey((s) => !s)}>
                        {showKey ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <FormControlLabel control={<Checkbox size="small" checked={activate} onChange={(e) => setActivate(e.target.checked)} />} label="Switch to this profile now" />
            {vault && (
              <Alert severity={vault.persistent ? 'info' : 'warning'}>
                {vault.persistent ? `The key is stored in ${vault.location}.` : `${vault.reason ?? 'No keychain is available: keys are kept in memory for this session only.'} Enter the key again after a restart.`}
              </Alert>
            )}
            {apiError && <ErrorAlert error={apiError} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
            Add profile
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
