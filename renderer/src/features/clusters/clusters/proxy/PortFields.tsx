// The mapping and health-check parts of the port dialog. On edit the ports, protocol and
// domain are fixed (the API changes only description, health check and access control).
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  HEALTH_INTERVAL_MAX,
  HEALTH_INTERVAL_MIN,
  HEALTH_TIMEOUT_MAX,
  HEALTH_TIMEOUT_MIN,
} from '../../../../../../shared/api/clusters/ports';
import type { PortForm } from './port-form';

export interface FieldsProps {
  form: PortForm;
  error(field: string): string | undefined;
  update(patch: Partial<PortForm>): void;
}

const numeric = { inputMode: 'numeric' as const };

export function MappingFields({ form, error, update, editing }: FieldsProps & { editing: boolean }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Internal port"
          value={form.internalPort}
          onChange={(e) => update({ internalPort: e.target.value })}
          error={Boolean(error('internalPort'))}
          helperText={error('internalPort') ?? (editing ? ' ' : 'Service port, 1–65535')}
          disabled={editing}
          required
          autoFocus={!editing}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { ...numeric, 'data-testid': 'port-internal-input' } }}
        />
        <TextField
          label="External port"
          value={form.externalPort}
          onChange={(e) => update({ externalPort: e.target.value })}
          error={Boolean(error('externalPort'))}
          helperText={
            error('externalPort') ??
            (editing
              ? 'Fixed once created'
              : form.externalPort.trim() === ''
                ? 'Blank: assigned automatically'
                : 'Must be free on this cluster')
          }
          placeholder="Auto-assign"
          disabled={editing}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { ...numeric, 'data-testid': 'port-external-input' }, inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Protocol"
          value={form.protocol}
          onChange={(e) => update({ protocol: e.target.value === 'udp' ? 'udp' : 'tcp' })}
          disabled={editing}
          size="small"
          sx={{ width: 110 }}
          helperText=" "
        >
          <MenuItem value="tcp">TCP</MenuItem>
          <MenuItem value="udp">UDP</MenuItem>
        </TextField>
      </Stack>
      <TextField
        label="Description"
        value={form.description}
        onChange={(e) => update({ description: e.target.value })}
        error={Boolean(error('description'))}
        helperText={error('description') ?? 'What runs there, e.g. “Jupyter Lab”'}
        required
        autoFocus={editing}
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'port-description-input' } }}
      />
      {!editing && (
        <TextField
          label="Custom domain (optional)"
          value={form.customDomain}
          onChange={(e) => update({ customDomain: e.target.value })}
          error={Boolean(error('customDomain'))}
          helperText={error('customDomain') ?? 'A host name pointed at the proxy, e.g. notebook.example.com'}
          size="small"
        />
      )}
    </Stack>
  );
}

export function HealthFields({ form, error, update }: FieldsProps) {
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={form.healthEnabled} onChange={(e) => update({ healthEnabled: e.target.checked })} />}
        label="Health check"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        The proxy requests the path on the internal port and marks the mapping unhealthy when it fails.
      </Typography>
      <Stack direction="row" spacing={1.5}>
        <TextField
          label="Path"
          value={form.healthPath}
          onChange={(e) => update({ healthPath: e.target.value })}
          error={Boolean(error('healthPath'))}
          helperText={error('healthPath') ?? ' '}
          disabled={!form.healthEnabled}
          size="small"
          sx={{ flex: 2 }}
        />
        <TextField
          label="Interval (s)"
          value={form.healthInterval}
          onChange={(e) => update({ healthInterval: e.target.value })}
          error={Boolean(error('healthInterval'))}
          helperText={error('healthInterval') ?? `${HEALTH_INTERVAL_MIN}–${HEALTH_INTERVAL_MAX}`}
          disabled={!form.healthEnabled}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: numeric }}
        />
        <TextField
          label="Timeout (s)"
          value={form.healthTimeout}
          onChange={(e) => update({ healthTimeout: e.target.value })}
          error={Boolean(error('healthTimeout'))}
          helperText={error('healthTimeout') ?? `${HEALTH_TIMEOUT_MIN}–${HEALTH_TIMEOUT_MAX}, below the interval`}
          disabled={!form.healthEnabled}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: numeric }}
        />
      </Stack>
    </Box>
  );
}
