// Port rows of a template: internal port, protocol, description.
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Protocol } from '../../../../shared/api/clusters/common';
import type { FieldErrors, TemplatePortRow } from './template-form';

export function TemplatePortsEditor({ rows, onChange, errors }: { rows: TemplatePortRow[]; onChange(rows: TemplatePortRow[]): void; errors: FieldErrors }) {
  const set = (i: number, patch: Partial<TemplatePortRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Internal port"
            size="small"
            value={row.internalPort}
            onChange={(e) => set(i, { internalPort: e.target.value })}
            error={Boolean(errors[`port_mappings.${i}.internal_port`])}
            helperText={errors[`port_mappings.${i}.internal_port`] ?? '1–65535'}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField select label="Protocol" size="small" value={row.protocol} onChange={(e) => set(i, { protocol: e.target.value as TemplatePortRow['protocol'] })} helperText=" " sx={{ width: 100 }}>
            {Protocol.options.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Description"
            size="small"
            value={row.description}
            onChange={(e) => set(i, { description: e.target.value })}
            error={Boolean(errors[`port_mappings.${i}.description`])}
            helperText={errors[`port_mappings.${i}.description`] ?? ' '}
            sx={{ flex: 1 }}
          />
          <IconButton aria-label={`Remove port ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, { internalPort: '', protocol: 'tcp', description: '' }])} sx={{ alignSelf: 'flex-start' }}>
        Add port
      </Button>
    </Stack>
  );
}
