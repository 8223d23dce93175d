// Create or edit a secret, validated inline with the shared schemas (errors appear after a
// first submit, then follow the typing); API errors are shown with their details.
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SecretCategory, SecretType, type Secret } from '../../../../../../shared/api/clusters/secrets';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { RotationFields } from './RotationFields';
import {
  emptySecretForm,
  formOf,
  secretApiErrorFields,
  SECRET_LABELS,
  toCreateSecret,
  toUpdateSecret,
  usesFilePath,
  type SecretForm,
} from './secret-form';
import { CATEGORY_LABELS, TYPE_LABELS } from './secret-status';
import { SecretValueField } from './SecretValueField';
import { useSecrets } from './secrets-store';
import { FormField } from '../../../../components/form/FormField';

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
  const state = useValidatedForm({
    open,
    resetKey: secret,
    initial: () => (secret ? formOf(secret) : emptySecretForm()),
    validate: (f: SecretForm) => (secret ? toUpdateSecret(f, secret) : toCreateSecret(f)),
    placeApiError: secretApiErrorFields,
    submit: async (request) => {
      const store = useSecrets.getState();
      const saved = secret
        ? await store.update(clusterId, secret.name, request)
        : await store.create(clusterId, request as Parameters<typeof store.create>[1]);
      // The typed value leaves memory with the form.
      state.setForm((f) => ({ ...f, value: '' }));
      onSaved(saved, !secret);
      onClose();
    },
  });

  const { form, update, errors } = state;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="secret-dialog"
      titleId="secret-dialog-title"
      title={editing ? `Edit secret ${secret.name}` : 'New secret'}
      subtitle={
        editing && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 3, mt: -1.5, mb: 1 }} data-testid="secret-usage">
            Read {secret.usage_statistics.access_count.toLocaleString()} time{secret.usage_statistics.access_count === 1 ? '' : 's'}
            {secret.usage_statistics.last_accessed ? `, last ${relativeTime(secret.usage_statistics.last_accessed)}` : ''} · updated{' '}
            {formatDateTime(secret.updated_at)}
          </Typography>
        )
      }
      maxWidth="md"
      dividers
      state={state}
      fieldLabels={SECRET_LABELS}
      submitLabel={editing ? 'Save changes' : 'Create secret'}
    >
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="name"
          label="Name"
          hint={editing ? 'The name cannot change' : 'Letters, digits, _ . - (unique in the cluster)'}
          disabled={editing}
          required
          autoFocus={!editing}
          fullWidth
        />
        <FormField form={state} name="type" select label="Type" sx={{ minWidth: 170 }}>
          {SecretType.options.map((t) => (
            <MenuItem key={t} value={t}>
              {TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </FormField>
        <FormField
          form={state}
          name="category"
          select
          label="Category"
          hint={editing ? ' ' : 'Custom when not chosen'}
          sx={{ minWidth: 190 }}
        >
          <MenuItem value="">
            <em>Not set</em>
          </MenuItem>
          {SecretCategory.options.map((c) => (
            <MenuItem key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </FormField>
      </Stack>
      <FormField form={state} name="description" label="Description" hint="Optional" fullWidth />
      <SecretValueField
        type={form.type}
        value={form.value}
        onChange={(value) => update({ value })}
        error={errors.value}
        editing={editing}
      />
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="environmentVariable"
          errorKey="environment_variable"
          label="Environment variable"
          hint="Exposed to the cluster under this name, e.g. HF_TOKEN"
          fullWidth
        />
        {usesFilePath(form.type) && (
          <>
            <FormField
              form={state}
              name="filePath"
              errorKey="file_path"
              label="File path"
              hint={form.type === 'file' ? 'Mount path, e.g. /etc/secrets/config.json' : 'Optional mount path, e.g. /etc/ssl/cert.pem'}
              fullWidth
            />
            <FormField
              form={state}
              name="fileMode"
              errorKey="permissions.file_mode"
              label="File mode"
              hint="Octal, e.g. 0400"
              fullWidth
              sx={{ width: 160, flexShrink: 0 }}
            />
          </>
        )}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormField
          form={state}
          name="expiresOn"
          errorKey="expiration_date"
          label="Expires on"
          type="date"
          hint="Empty for no expiry; else today or later"
          sx={{ width: 240, flexShrink: 0 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormField form={state} name="tags" label="Tags" hint="Comma-separated" fullWidth />
        <FormControlLabel
          control={<Checkbox size="small" checked={form.readOnly} onChange={(e) => update({ readOnly: e.target.checked })} />}
          label="Read-only"
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <Divider />
      <Typography variant="subtitle2">Rotation policy</Typography>
      <RotationFields value={form.rotation} onChange={(rotation) => update({ rotation })} errors={errors} />
    </FormDialog>
  );
}
