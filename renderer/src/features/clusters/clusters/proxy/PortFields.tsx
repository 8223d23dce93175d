// The mapping and health-check parts of the port dialog. On edit the ports, protocol and
// domain are fixed (the API changes only description, health check and access control).
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  HEALTH_INTERVAL_MAX,
  HEALTH_INTERVAL_MIN,
  HEALTH_TIMEOUT_MAX,
  HEALTH_TIMEOUT_MIN,
} from '../../../../../../shared/api/clusters/ports';
import { FormField, type BoundForm } from '../../../../components/form/FormField';
import type { PortForm } from './port-form';

export interface FieldsProps {
  state: BoundForm<PortForm>;
}

export function MappingFields({ state, editing }: FieldsProps & { editing: boolean }) {
  const { form } = state;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5}>
        <FormField
          form={state}
          name="internalPort"
          label="Internal port"
          hint={editing ? ' ' : 'Service port, 1–65535'}
          disabled={editing}
          required
          autoFocus={!editing}
          inputMode="numeric"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'port-internal-input' } }}
        />
        <FormField
          form={state}
          name="externalPort"
          label="External port"
          hint={
            editing
              ? 'Fixed once created'
              : form.externalPort.trim() === ''
                ? 'Blank: assigned automatically'
                : 'Must be free on this cluster'
          }
          placeholder="Auto-assign"
          disabled={editing}
          inputMode="numeric"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'port-external-input' }, inputLabel: { shrink: true } }}
        />
        <FormField form={state} name="protocol" select label="Protocol" disabled={editing} sx={{ width: 110 }}>
          <MenuItem value="tcp">TCP</MenuItem>
          <MenuItem value="udp">UDP</MenuItem>
        </FormField>
      </Stack>
      <FormField
        form={state}
        name="description"
        label="Description"
        hint="What runs there, e.g. “Jupyter Lab”"
        required
        autoFocus={editing}
        slotProps={{ htmlInput: { 'data-testid': 'port-description-input' } }}
      />
      {!editing && (
        <FormField
          form={state}
          name="customDomain"
          label="Custom domain (optional)"
          hint="A host name pointed at the proxy, e.g. notebook.example.com"
        />
      )}
    </Stack>
  );
}

export function HealthFields({ state }: FieldsProps) {
  const { form, update } = state;
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
        <FormField form={state} name="healthPath" label="Path" disabled={!form.healthEnabled} sx={{ flex: 2 }} />
        <FormField
          form={state}
          name="healthInterval"
          label="Interval (s)"
          hint={`${HEALTH_INTERVAL_MIN}–${HEALTH_INTERVAL_MAX}`}
          disabled={!form.healthEnabled}
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
        <FormField
          form={state}
          name="healthTimeout"
          label="Timeout (s)"
          hint={`${HEALTH_TIMEOUT_MIN}–${HEALTH_TIMEOUT_MAX}, below the interval`}
          disabled={!form.healthEnabled}
          inputMode="numeric"
          sx={{ flex: 1 }}
        />
      </Stack>
    </Box>
  );
}
