// The fields of the key form, shared by the create and edit dialogs: name, permissions,
// scopes, expiry and per-class rate limits, each with its rule in words and its error.
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { KEY_NAME_MAX, KEY_RATE_LIMIT_MAX } from '../../../../../shared/api/accounts/api-keys';
import { AccountKeyScope, KeyPermission } from '../../../../../shared/api/common';
import { FormField } from '../../../components/form/FormField';
import { RATE_CLASSES, type FormErrors, type KeyForm, type RateClass } from './key-form';

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
  note,
  help,
}: {
  label: string;
  options: readonly T[];
  value: readonly T[];
  onChange(v: T[]): void;
  error?: string;
  note?: string;
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
      {(error ?? note) && <FormHelperText>{error ?? note}</FormHelperText>}
    </FormControl>
  );
}

export interface KeyFormFieldsProps {
  form: KeyForm;
  update(patch: Partial<KeyForm>): void;
  errors: FormErrors;
  /** Scopes the key holds that these checkboxes cannot show (edit only). */
  otherScopes?: readonly string[];
  autoFocus?: boolean;
}

const RATE_LABEL: Record<RateClass, string> = { reads: 'Reads', writes: 'Writes', executions: 'Executions' };

export function KeyFormFields({ form, update, errors, otherScopes = [], autoFocus }: KeyFormFieldsProps) {
  const rateErrors = RATE_CLASSES.flatMap((c) => {
    const message = errors[`rateLimit.${c}`];
    return message ? [[c, message] as const] : [];
  });
  const bound = { form, update, errors };
  return (
    <>
      <FormField
        form={bound}
        name="name"
        label="Name"
        hint={`${form.name.length}/${KEY_NAME_MAX} — what the key is for, e.g. “CI deploy”`}
        autoFocus={autoFocus}
        required
        fullWidth
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
        note={
          otherScopes.length > 0
            ? `The key also has ${otherScopes.join(', ')} (given through /v2/auth); changing the scopes here keeps only those ticked.`
            : undefined
        }
      />
      <FormField
        form={bound}
        name="expiresOn"
        errorKey="expiresAt"
        label="Expires on"
        type="date"
        hint="Works through the end of that day; empty: never expires"
        sx={{ maxWidth: 420 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'key-expiry-input' } }}
      />
      <FormControl component="fieldset" variant="standard" error={rateErrors.length > 0}>
        <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }}>
          Rate limits per key (requests per hour)
        </FormLabel>
        <Stack direction="row" spacing={1.5}>
          {RATE_CLASSES.map((c) => (
            <TextField
              key={c}
              label={RATE_LABEL[c]}
              value={form.rateLimit[c]}
              onChange={(e) => update({ rateLimit: { ...form.rateLimit, [c]: e.target.value } })}
              error={Boolean(errors[`rateLimit.${c}`])}
              placeholder="No limit"
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'key-rate-help' } }}
            />
          ))}
        </Stack>
        {/* One line under the three fields: a message per field would wrap in a third of the width. */}
        <FormHelperText id="key-rate-help" data-testid="key-rate-help">
          {rateErrors.length > 0
            ? rateErrors.map(([c, message]) => `${RATE_LABEL[c]}: ${message}`).join(' · ')
            : `1 to ${KEY_RATE_LIMIT_MAX.toLocaleString('en')} each; empty: no per-key limit, the plan’s limit applies`}
        </FormHelperText>
      </FormControl>
    </>
  );
}
