// The rotation policy fields (enabled, interval, notice), used by the secret form and the
// rotation policy dialog.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { NOTIFICATION_DAYS_MAX, ROTATION_INTERVAL_MAX } from '../../../../../../shared/api/clusters/secrets';
import { FormField } from '../../../../components/form/FormField';
import type { FieldErrors, RotationForm } from './secret-form';

export function RotationFields({ value, onChange, errors }: { value: RotationForm; onChange(v: RotationForm): void; errors: FieldErrors }) {
  const bound = { form: value, update: (patch: Partial<RotationForm>) => onChange({ ...value, ...patch }), errors };
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={<Checkbox size="small" checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} />}
        label="Rotate on a schedule"
      />
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={bound}
          name="intervalDays"
          errorKey="rotation_policy.rotation_interval_days"
          label="Interval (days)"
          hint={`1–${ROTATION_INTERVAL_MAX}`}
          disabled={!value.enabled}
          inputMode="numeric"
          sx={{ width: 170 }}
        />
        <FormField
          form={bound}
          name="notifyDaysBefore"
          errorKey="rotation_policy.notification_days_before"
          label="Notify days before"
          hint={`0–${NOTIFICATION_DAYS_MAX}, less than the interval`}
          disabled={!value.enabled}
          inputMode="numeric"
          sx={{ width: 230 }}
        />
      </Stack>
    </Stack>
  );
}
