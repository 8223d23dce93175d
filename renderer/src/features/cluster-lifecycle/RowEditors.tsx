// Repeating rows of the restart form: environment variable updates and port mapping updates.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Protocol } from '../../../../shared/api/clusters/common';
import type { FieldErrors } from './form-values';
import { emptyPortRow, type EnvRow, type PortRow } from './restart-form';

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((item, i) => (i === index ? value : item));
}

export function EnvRowsEditor({ rows, onChange, errors }: { rows: EnvRow[]; onChange(rows: EnvRow[]): void; errors: FieldErrors }) {
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Name"
            size="small"
            value={row.key}
            onChange={(e) => onChange(replaceAt(rows, i, { ...row, key: e.target.value }))}
            error={Boolean(errors[`environment.${i}.key`])}
            helperText={errors[`environment.${i}.key`] ?? ' '}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { 'aria-label': `Environment variable ${i + 1} name` } }}
          />
          <TextField
            label="Value"
            size="small"
            value={row.value}
            onChange={(e) => onChange(replaceAt(rows, i, { ...row, value: e.target.value }))}
            helperText=" "
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'aria-label': `Environment variable ${i + 1} value` } }}
          />
          <IconButton aria-label={`Remove environment variable ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, { key: '', value: '' }])} sx={{ alignSelf: 'flex-start' }}>
        Add variable
      </Button>
    </Stack>
  );
}

export function PortRowsEditor({ rows, onChange, errors }: { rows: PortRow[]; onChange(rows: PortRow[]): void; errors: FieldErrors }) {
  const err = (i: number, field: string) => errors[`ports.${i}.${field}`];
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Internal port"
            size="small"
            value={row.internalPort}
            onChange={(e) => onChange(replaceAt(rows, i, { ...row, internalPort: e.target.value }))}
            error={Boolean(err(i, 'internal_port'))}
            helperText={err(i, 'internal_port') ?? '1–65535'}
            sx={{ width: 130 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="External port"
            size="small"
            value={row.externalPort}
            placeholder="auto"
            onChange={(e) => onChange(replaceAt(rows, i, { ...row, externalPort: e.target.value }))}
            error={Boolean(err(i, 'external_port'))}
            helperText={err(i, 'external_port') ?? 'blank or 0 = auto'}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
          />
          <TextField select label="Protocol" size="small" value={row.protocol} onChange={(e) => onChange(replaceAt(rows, i, { ...row, protocol: e.target.value as PortRow['protocol'] }))} helperText=" " sx={{ width: 100 }}>
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
            onChange={(e) => onChange(replaceAt(rows, i, { ...row, description: e.target.value }))}
            error={Boolean(err(i, 'description'))}
            helperText={err(i, 'description') ?? ' '}
            sx={{ flex: 1 }}
          />
          <IconButton aria-label={`Remove port mapping ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, emptyPortRow()])} sx={{ alignSelf: 'flex-start' }}>
        Add port mapping
      </Button>
    </Stack>
  );
}
