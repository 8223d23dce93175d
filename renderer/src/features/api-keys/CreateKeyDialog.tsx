// Create-key form: validated with the shared CreateApiKeyRequest schema before sending;
// API errors (e.g. INVALID_PERMISSIONS with its lists) are shown with their details.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { KEY_NAME_MAX } from '../../../../shared/api/api-keys';
import { AccountKeyScope, KeyPermission } from '../../../../shared/api/common';
import { FormDialog } from '../../components/form/FormDialog';
import { useValidatedForm } from '../../components/form/use-validated-form';
import { emptyCreateKeyForm, RATE_CLASSES, toCreateRequest, type CreateKeyForm, type FormErrors } from './create-form';
import type { CreateApiKeyRequest } from '../../../../shared/api/api-keys';

const PERMISSION_HELP: Record<KeyPermission, string> = {
  read: 'GET requests',
  write: 'create, update, delete',
  execute: 'run endpoints and compute',
};

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function CheckboxGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  error,
  help,
}: {
  label: string;
  options: readonly T[];
  value: readonly T[];
  onChange(v: T[]): void;
  error?: string;
  help?: Record<T, string>;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard">
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.5 }}>
        {label}
      </FormLabel>
      <FormGroup row>
        {options.map((o) => (
          <FormControlLabel
            key={o}
            control={
              <Checkbox size="small" checked={value.includes(o)} onChange={(e) => onChange(toggle(value, o, e.target.checked))} name={o} />
            }
            label={help ? `${o} — ${help[o]}` : o}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

export interface CreateKeyDialogProps {
  open: boolean;
  onClose(): void;
  onCreate(request: CreateApiKeyRequest): Promise<void>;
}

export function CreateKeyDialog({ open, onClose, onCreate }: CreateKeyDialogProps) {
  const { form, update, errors, busy, apiError, onSubmit } = useValidatedForm<CreateKeyForm, CreateApiKeyRequest, FormErrors>({
    open,
    initial: emptyCreateKeyForm,
    validate: toCreateRequest,
    submit: async (request) => {
      await onCreate(request);
      onClose();
    },
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="create-key-dialog"
      titleId="create-key-title"
      title="Create API key"
      spacing={2.5}
      busy={busy}
      apiError={apiError}
      onSubmit={onSubmit}
      submitLabel="Create key"
    >
      <TextField
        label="Name"
        value={form.name}
        onChange={(e) => update({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name ?? `${form.name.length}/${KEY_NAME_MAX} — what the key is for, e.g. “CI deploy”`}
        autoFocus
        required
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'key-name-input' } }}
      />
      <CheckboxGroup
        label="Permissions"
        options={KeyPermission.options}
        value={form.permissions}
        onChange={(permissions) => update({ permissions })}
        error={errors.permissions}
        help={PERMISSION_HELP}
      />
      <CheckboxGroup
        label="Scopes"
        options={AccountKeyScope.options}
        value={form.scopes}
        onChange={(scopes) => update({ scopes })}
        error={errors.scopes}
      />
      <TextField
        label="Expires on"
        type="date"
        value={form.expiresOn}
        onChange={(e) => update({ expiresOn: e.target.value })}
        error={Boolean(errors.expiresAt)}
        helperText={errors.expiresAt ?? 'Leave empty for a key that does not expire'}
        size="small"
        sx={{ maxWidth: 240 }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }}>
          Rate limits (requests per hour; empty for the plan’s limit)
        </FormLabel>
        <Stack direction="row" spacing={1.5}>
          {RATE_CLASSES.map((c) => (
            <TextField
              key={c}
              label={c[0]!.toUpperCase() + c.slice(1)}
              value={form.rateLimit[c]}
              onChange={(e) => update({ rateLimit: { ...form.rateLimit, [c]: e.target.value } })}
              error={Boolean(errors[`rateLimit.${c}`])}
              helperText={errors[`rateLimit.${c}`] ?? ' '}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
        </Stack>
      </FormControl>
    </FormDialog>
  );
}
