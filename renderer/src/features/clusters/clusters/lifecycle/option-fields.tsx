// Small form pieces the stop and restart dialogs share: a labelled checkbox with help, a
// whole-number field with its bounds in the help text, the two together where the box turns
// the field on or off, the audit reason, and a section heading.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function CheckField({
  label,
  help,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  help?: string;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
}) {
  return (
    <FormControlLabel
      disabled={disabled}
      control={<Checkbox size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={
        <Stack>
          <Typography variant="body2">{label}</Typography>
          {help && (
            <Typography variant="caption" color="text.secondary">
              {help}
            </Typography>
          )}
        </Stack>
      }
      sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
    />
  );
}

export interface IntFieldProps {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  help: string;
  disabled?: boolean;
  min?: number;
  max?: number;
  placeholder?: string;
  width?: number;
}

export function IntField({ label, value, onChange, error, help, disabled, min, max, placeholder, width = 200 }: IntFieldProps) {
  return (
    <TextField
      label={label}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? help}
      disabled={disabled}
      placeholder={placeholder}
      sx={{ width }}
      slotProps={{ htmlInput: { inputMode: 'numeric', min, max }, inputLabel: placeholder ? { shrink: true } : undefined }}
    />
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** An option whose check box turns a whole-number field off (force → grace period) or on (wait → timeout). */
export interface SwitchedIntFieldProps {
  check: { label: string; help: string; checked: boolean; onChange(v: boolean): void };
  field: Omit<IntFieldProps, 'disabled' | 'help'> & { help: { used: string; unused: string } };
  /** Whether the field is used while the box is checked (wait → timeout) or unchecked (force → grace). */
  usedWhen: 'checked' | 'unchecked';
}

export function SwitchedIntField({ check, field, usedWhen }: SwitchedIntFieldProps) {
  const used = check.checked === (usedWhen === 'checked');
  return (
    <>
      <CheckField {...check} />
      <IntField {...field} help={used ? field.help.used : field.help.unused} disabled={!used} />
    </>
  );
}

/** The audit reason both operations take. */
export function ReasonField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  return (
    <TextField
      label="Reason"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'Written to the audit log'}
      fullWidth
    />
  );
}
