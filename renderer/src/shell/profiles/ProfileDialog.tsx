// Add a remote profile, or edit one (name, base URL, key): validated with the contract's
// schemas, and "Test connection" checks the address and the key with `GET /v2/auth/verify`
// before anything is saved. The key goes straight to the main process; for a saved profile
// left blank it keeps the stored key (which the test uses without it ever reaching this
// window). The form clears the key on close.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../shared/ipc/contract';
import { FormDialog } from '../../components/form/FormDialog';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { notify } from '../../platform/notifications-store';
import { ConnectionTest, useConnectionTest } from './ConnectionTest';
import { initialValues, profileRequest, type Field, type ProfileValues } from './profile-form';
import { KeyStorageNotice } from './VaultNotice';
import { useProfiles } from '../../platform/profiles-store';

export function ProfileDialog({ open, profile, onClose }: { open: boolean; profile: Profile | null; onClose(): void }) {
  const create = useProfiles((s) => s.create);
  const updateProfile = useProfiles((s) => s.update);
  const [activate, setActivate] = useState(true);
  const [showKey, setShowKey] = useState(false);
  const editing = profile !== null;
  const remote = profile?.kind !== 'emulator';
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
    resetKey: profile?.id,
    initial: () => initialValues(profile),
    validate: (v: ProfileValues) => profileRequest(v, profile),
    // Errors stay as the last submit found them.
    showErrors: 'at-submit',
    submit: async (save) => {
      if (save.mode === 'create') {
        const created = await create(save.request, activate);
        notify('success', activate ? `Switched to profile “${created.name}”` : `Profile “${created.name}” added`);
      } else {
        const saved = await updateProfile(save.request);
        notify('success', `Profile “${saved.name}” saved`);
      }
      onClose();
    },
  });
  const test = useConnectionTest(values, profile);

  useEffect(() => {
    if (open) return;
    // Drop the typed key as soon as the dialog closes.
    setForm(initialValues(null));
    setShowKey(false);
  }, [open, setForm]);

  const set = (field: Field, value: string) => update({ [field]: value });
  const shown = { ...test.errors, ...errors };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="profile-dialog"
      titleId="profile-dialog-title"
      title={editing ? `Edit profile “${profile.name}”` : 'Add remote profile'}
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save' : 'Add profile'}
    >
      <TextField
        label="Name"
        size="small"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(shown.name)}
        helperText={shown.name ?? 'e.g. “Production”'}
        autoFocus
        required
      />
      {remote && (
        <TextField
          label="Base URL"
          size="small"
          value={values.baseUrl}
          onChange={(e) => set('baseUrl', e.target.value)}
          error={Boolean(shown.baseUrl)}
          helperText={shown.baseUrl ?? 'https address of the platform API (http only for localhost)'}
          required
        />
      )}
      <TextField
        label={editing ? 'New API key' : 'API key'}
        size="small"
        type={showKey ? 'text' : 'password'}
        autoComplete="off"
        value={values.apiKey}
        onChange={(e) => set('apiKey', e.target.value)}
        error={Boolean(shown.apiKey)}
        helperText={
          shown.apiKey ??
          (editing ? (profile.hasKey ? 'Leave blank to keep the stored key' : 'No key is stored for this profile: enter one') : ' ')
        }
        required={!editing}
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
      <ConnectionTest test={test} disabled={busy} />
      {!editing && (
        <FormControlLabel
          control={<Checkbox size="small" checked={activate} onChange={(e) => setActivate(e.target.checked)} />}
          label="Switch to this profile now"
        />
      )}
      <KeyStorageNotice subject={editing ? 'A new key' : 'The key'} />
    </FormDialog>
  );
}
