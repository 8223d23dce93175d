// The rotation policy fields (enabled, interval, notice), used by the secret form and the
// rotation policy dialog.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NOTIFICATION_DAYS_MAX, ROTATION_INTERVAL_MAX } from '../../../../../../shared/api/clusters/secrets';
import type { FieldErrors, RotationForm } from './secret-form';

export function RotationFields({ value, onChange, errors }: { value: RotationForm; onChange(v: RotationForm): void; errors: FieldErrors }) {
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={<Checkbox size="small" checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} />}
        label="Rotate on a schedule"
      />
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Interval (days)"
          size="small"
          value={value.intervalDays}
          disabled={!value.enabled}
          onChange={(e) => onChange({ ...value, intervalDays: e.target.value })}
          error={Boolean(errors['rotation_policy.rotation_interval_days'])}
          helperText={errors['rotation_policy.rotation_interval_days'] ?? `1–${ROTATION_INTERVAL_MAX}`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 170 }}
        />
        <TextField
          label="Notify days before"
          size="small"
          value={value.notifyDaysBefore}
          disabled={!value.enabled}
          onChange={(e) => onChange({ ...value, notifyDaysBefore: e.target.value })}
          error={Boolean(errors['rotation_policy.notification_days_before'])}
          helperText={errors['rotation_policy.notification_days_before'] ?? `0–${NOTIFICATION_DAYS_MAX}, less than the interval`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 230 }}
        />
      </Stack>
    </Stack>
  );
}
