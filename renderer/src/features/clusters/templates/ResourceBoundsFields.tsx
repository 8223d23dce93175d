// Resources of a template: GPU type, then min / default / max per resource, with the
// min ≤ default ≤ max errors of the shared schema shown under the field they concern.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormField } from '../../../components/form/FormField';
import type { GpuType } from '../../../../../shared/api/clusters/common';
import { RESOURCE_RANGES, type ResourceName } from '../../../../../shared/api/clusters/templates';
import { gpuName } from '../../../lib/format';
import { GPU_TYPES, RESOURCES, type FieldErrors, type ResourceTexts } from './template-form';

export const RESOURCE_LABELS: Record<ResourceName, string> = {
  gpu_count: 'GPUs',
  cpu_cores: 'CPU cores',
  memory_gb: 'Memory (GB)',
  storage_gb: 'Storage (GB)',
};

export interface ResourceBoundsFieldsProps {
  gpuType: GpuType;
  defaults: ResourceTexts;
  min: ResourceTexts;
  max: ResourceTexts;
  errors: FieldErrors;
  onChange(patch: { gpuType?: GpuType; defaults?: ResourceTexts; min?: ResourceTexts; max?: ResourceTexts }): void;
}

const COLUMNS = [
  { key: 'min', path: 'min_resources', label: 'Minimum' },
  { key: 'defaults', path: 'default_configuration', label: 'Default' },
  { key: 'max', path: 'max_resources', label: 'Maximum' },
] as const;

export function ResourceBoundsFields(props: ResourceBoundsFieldsProps) {
  const { gpuType, errors, onChange } = props;
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        label="GPU type"
        size="small"
        value={gpuType}
        onChange={(e) => onChange({ gpuType: e.target.value as GpuType })}
        sx={{ width: 200 }}
      >
        {GPU_TYPES.map((g) => (
          <MenuItem key={g} value={g}>
            {gpuName(g)}
          </MenuItem>
        ))}
      </TextField>
      {RESOURCES.map((name) => (
        <Stack key={name} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ width: 110, pt: 1, flexShrink: 0 }}>
            {RESOURCE_LABELS[name]}
          </Typography>
          {COLUMNS.map((c) => {
            const values = props[c.key];
            // One column's resources bind as a form of their own.
            const column = {
              form: values,
              update: (patch: Partial<typeof values>) => onChange({ [c.key]: { ...values, ...patch } }),
              errors,
            };
            return (
              <FormField
                key={c.key}
                form={column}
                name={name}
                errorKey={`${c.path}.${name}`}
                label={c.label}
                hint={c.key === 'defaults' ? `${RESOURCE_RANGES[name].min}–${RESOURCE_RANGES[name].max}` : 'optional'}
                required={c.key === 'defaults'}
                inputMode="numeric"
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'aria-label': `${c.label} ${RESOURCE_LABELS[name]}` } }}
              />
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
