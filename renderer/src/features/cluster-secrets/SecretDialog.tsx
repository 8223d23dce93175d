// Create or edit a secret, validated inline with the shared schemas (errors appear after a
// first submit, then follow the typing); API errors are shown with their details.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { SecretCategory, SecretType, type Secret } from '../../../../shared/api/clusters/secrets';
import type { NormalizedError } from '../../../../shared/api/errors';
import { toNormalizedError } from '../../bridge/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime, relativeTime } from '../../lib/relative-time';
import { RotationFields } from './RotationFields';
import { emptySecretForm, formOf, toCreateSecret, toUpdateSecret, usesFilePath, type FieldErrors, type SecretForm } from './secret-form';
import { CATEGORY_LABELS, TYPE_LABELS } from './secret-status';
import { SecretValueField } from './SecretValueField';
import { useSecrets } from './secrets-store';

export interface SecretDialogProps {
  clusterId: string;
  open: boolean;
  /** The secret being edited; null creates a new one. */
  secret: Secret | null;
  onClose(): void;
  onSaved(secret: Secret, created: boolean): void;
}

export function SecretDialog({ clusterId, open, secret, onClose, onSaved }: SecretDialogProps) {
  const editing = secret !== null;
  const [form, setForm] = useState<SecretForm>(emptySecretForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<NormalizedError | null>(null);

  useEffect(() => {
    if (!open) return;
    setForm(secret ? formOf(secret) : emptySecretForm());
    setErrors({});
    setSubmitted(false);
    setApiError(null);
  }, [open, secret]);

  const validate = (f: SecretForm) => (secret ? toUpdateSecret(f, secret) : toCreateSecret(f));
  const update = (patch: Partial<SecretForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (submitted) {
      const r = validate(next);
      setErrors(r.ok ? {} : r.errors);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(form);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setBusy(true);
    setApiError(null);
    try {
      const store = useSecrets.getState();
      const saved = secret ? await store.update(clusterId, secret.name, result.request) : await store.create(clusterId, result.request as Parameters<typeof store.create>[1]);
      // The typed value leaves memory with the form.
      setForm((f) => ({ ...f, value: '' }));
      onSaved(saved, !secret);
      onClose();
    } catch (e) {
      setApiError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: keyof SecretForm, key: string, label: string, help: string, extra: object = {}) => (
    <TextField
      label={label}
      size="small"
      value={form[field] as string}
      onChange={(e) => update({ [field]: e.target.value } as Partial<SecretForm>)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? help}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="secret-dialog-title" data-testid="secret-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="secret-dialog-title">{editing ? `Edit secret ${secret.name}` : 'New secret'}</DialogTitle>
        {editing && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, mb: 1 }} data-testid="secret-usage">
            Read {secret.usage_statistics.access_count.toLocaleString()} time{secret.usage_statistics.access_count === 1 ? '' : 's'}
            {secret.usage_statistics.last_accessed ? `, last ${relativeTime(secret.usage_statistics.last_accessed)}` : ''} · updated {formatDateTime(secret.updated_at)}
          </Typography>
        )}
        <DialogContent dividers>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5}>
              {text('name', 'name', 'Name', editing ? 'The name cannot change' : 'Letters, digits, _ . - (unique in the cluster)', { disabled: editing, required: true, autoFocus: !editing })}
              <TextField select label="Type" size="small" value={form.type} onChange={(e) => update({ type: e.target.value as SecretType })} sx={{ minWidth: 170 }} helperText=" ">
                {SecretType.options.map((t) => (
                  <MenuItem key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Category" size="small" value={form.category} onChange={(e) => update({ category: e.target.value as SecretCategory | '' })} sx={{ minWidth: 190 }} helperText={editing ? ' ' : 'Custom when not chosen'}>
                <MenuItem value="">
                  <em>Not set</em>
                </MenuItem>
                {SecretCategory.options.map((c) => (
                  <MenuItem key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {text('description', 'description', 'Description', 'Optional')}
            <SecretValueField type={form.type} value={form.value} onChange={(value) => update({ value })} error={errors.value} editing={editing} />
            <Stack direction="row" spacing={1.5}>
              {text('environmentVariable', 'environment_variable', 'Environment variable', 'Exposed to the cluster under this name, e.g. HF_TOKEN')}
              {usesFilePath(form.type) && text('filePath', 'file_path', 'File path', form.type === 'file' ? 'Mount path, e.g. /etc/secrets/config.json' : 'Optional mount path, e.g. /etc/ssl/cert.pem')}
              {usesFilePath(form.type) && text('fileMode', 'permissions.file_mode', 'File mode', 'Octal, e.g. 0400', { sx: { width: 160, flexShrink: 0 } })}
            </Stack>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Expires on"
                type="date"
                size="small"
                value={form.expiresOn}
                onChange={(e) => update({ expiresOn: e.target.value })}
                error={Boolean(errors.expiration_date)}
                helperText={errors.expiration_date ?? 'Empty for no expiry'}
                sx={{ width: 200 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {text('tags', 'tags', 'Tags', 'Comma-separated')}
              <FormControlLabel control={<Checkbox size="small" checked={form.readOnly} onChange={(e) => update({ readOnly: e.target.checked })} />} label="Read-only" sx={{ flexShrink: 0 }} />
            </Stack>
            <Divider />
            <Typography variant="subtitle2">Rotation policy</Typography>
            <RotationFields value={form.rotation} onChange={(rotation) => update({ rotation })} errors={errors} />
            {apiError && <ErrorAlert error={apiError} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
            {editing ? 'Save changes' : 'Create secret'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
