// Repeating rows of the restart and template forms: environment variables and port
// mappings (the restart's with an external port, a template's without).
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Protocol } from '../../../../shared/api/clusters/common';
import type { EnvRow } from './env-rows';
import type { FieldErrors } from './form-result';
import { RowsEditor } from './RowsEditor';

export function EnvRowsEditor({ rows, onChange, errors }: { rows: EnvRow[]; onChange(rows: EnvRow[]): void; errors: FieldErrors }) {
  return (
    <RowsEditor
      rows={rows}
      onChange={onChange}
      newRow={() => ({ key: '', value: '' })}
      addLabel="Add variable"
      removeLabel={(i) => `Remove environment variable ${i + 1}`}
      renderRow={(row, i, set) => (
        <>
          <TextField
            label="Name"
            size="small"
            value={row.key}
            onChange={(e) => set({ key: e.target.value })}
            error={Boolean(errors[`environment.${i}.key`])}
            helperText={errors[`environment.${i}.key`] ?? ' '}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { 'aria-label': `Environment variable ${i + 1} name` } }}
          />
          <TextField
            label="Value"
            size="small"
            value={row.value}
            onChange={(e) => set({ value: e.target.value })}
            helperText=" "
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'aria-label': `Environment variable ${i + 1} value` } }}
          />
        </>
      )}
    />
  );
}

interface PortRowBase {
  internalPort: string;
  protocol: Protocol;
  description: string;
  /** Only where the row maps to an external port (restart updates). */
  externalPort?: string;
}

export interface PortRowsEditorProps<T extends PortRowBase> {
  rows: T[];
  onChange(rows: T[]): void;
  errors: FieldErrors;
  /** The request field the errors are keyed under, e.g. `ports` → `ports.0.internal_port`. */
  errorPath: string;
  newRow(): T;
  /** What one row is called on the buttons ("Add port", "Remove port 1"). */
  item: string;
}

export function PortRowsEditor<T extends PortRowBase>({ rows, onChange, errors, errorPath, newRow, item }: PortRowsEditorProps<T>) {
  const err = (i: number, field: string) => errors[`${errorPath}.${i}.${field}`];
  return (
    <RowsEditor
      rows={rows}
      onChange={onChange}
      newRow={newRow}
      addLabel={`Add ${item}`}
      removeLabel={(i) => `Remove ${item} ${i + 1}`}
      renderRow={(row, i, set) => (
        <>
          <TextField
            label="Internal port"
            size="small"
            value={row.internalPort}
            onChange={(e) => set({ internalPort: e.target.value } as Partial<T>)}
            error={Boolean(err(i, 'internal_port'))}
            helperText={err(i, 'internal_port') ?? '1–65535'}
            sx={{ width: row.externalPort === undefined ? 140 : 130 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {row.externalPort !== undefined && (
            <TextField
              label="External port"
              size="small"
              value={row.externalPort}
              placeholder="auto"
              onChange={(e) => set({ externalPort: e.target.value } as Partial<T>)}
              error={Boolean(err(i, 'external_port'))}
              helperText={err(i, 'external_port') ?? 'blank or 0 = auto'}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            />
          )}
          <TextField
            select
            label="Protocol"
            size="small"
            value={row.protocol}
            onChange={(e) => set({ protocol: e.target.value as Protocol } as Partial<T>)}
            helperText=" "
            sx={{ width: 100 }}
          >
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
            onChange={(e) => set({ description: e.target.value } as Partial<T>)}
            error={Boolean(err(i, 'description'))}
            helperText={err(i, 'description') ?? ' '}
            sx={{ flex: 1 }}
          />
        </>
      )}
    />
  );
}
