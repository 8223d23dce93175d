// Small form pieces the stop and restart dialogs share: a labelled checkbox with help, a
// whole-number field with its bounds in the help text, a section heading, and the view
// that replaces the form once the operation was accepted.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function CheckField({ label, help, checked, onChange, disabled }: { label: string; help?: string; checked: boolean; onChange(v: boolean): void; disabled?: boolean }) {
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
