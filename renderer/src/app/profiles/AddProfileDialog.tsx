// Add a remote profile: name, base URL and key, validated with the contract's schemas.
// The key goes straight to the main process (keychain); the form clears it on close.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { channels } from '../../../../shared/ipc/contract';
import { fieldErrors } from '../../components/form/field-errors';
import type { FormResult } from '../../components/form/form-result';
import { FormDialog } from '../../components/form/FormDialog';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { notify } from '../notifications/notifications-store';
import { useAppInfo } from '../status/app-info-store';
import { useProfiles } from './profiles-store';

type Field = 'name' | 'baseUrl' | 'apiKey';
type Errors = Partial<Record<Field, string>>;
type Request = z.infer<typeof schema>;
const schema = channels['profiles:create'].request;
const emptyValues = (): Record<Field, string> => ({ name: '', baseUrl: 'https://', apiKey: '' });

function validate(values: Record<Field, string>): FormResult<Request, Errors> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, errors: fieldErrors<Errors>(parsed.error.issues, (path, issue) => [path.split('.')[0] || 'form', issue.message]) };
}

export function AddProfileDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useProfiles((s) => s.create);
  const vault = useAppInfo((s) => s.info?.vault);
  const [activate, setActivate] = useState(true);
  const [showKey, setShowKey] = useState(false);
  const {
    form: values,
    update,
    setForm,
    errors,
    busy,
    apiError,
    onSubmit,
  } = useValidatedForm({
    open,
    initial: emptyValues,
    validate,
    // Errors stay as the last submit found them.
    showErrors: 'at-submit',
    submit: async (request) => {
      const profile = await create(request, activate);
      notify('success', activate ? `Switched to profile “${profile.name}”` : `Profile “${profile.name}” added`);
      onClose();
    },
  });

  useEffect(() => {
    if (open) return;
    // Drop the typed key as soon as the dialog closes.
    setForm(emptyValues());
    setShowKey(false);
  }, [open, setForm]);

  const set = (field: Field, value: string) => update({ [field]: value });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="add-profile-dialog"
      titleId="add-profile-title"
      title="Add remote profile"
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel="Add profile"
    >
      <TextField
        label="Name"
        size="small"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'e.g. “Production”'}
        autoFocus
        required
      />
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
      <FormControlLabel
        control={<Checkbox size="small" checked={activate} onChange={(e) => setActivate(e.target.checked)} />}
        label="Switch to this profile now"
      />
      {vault && (
        <Alert severity={vault.persistent ? 'info' : 'warning'}>
          {vault.persistent
            ? `The key is stored in ${vault.location}.`
            : `${vault.reason ?? 'No keychain is available: keys are kept in memory for this session only.'} Enter the key again after a restart.`}
        </Alert>
      )}
    </FormDialog>
  );
}
