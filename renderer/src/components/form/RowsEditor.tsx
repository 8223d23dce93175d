// The one editor of repeating form rows: each row's fields side by side with a remove
// button, and an add button below. Rows are plain data; the caller draws a row's fields.
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

export interface RowsEditorProps<T> {
  rows: T[];
  onChange(rows: T[]): void;
  /** The fields of row `index`; `set` merges a patch into that row. */
  renderRow(row: T, index: number, set: (patch: Partial<T>) => void): ReactNode;
  newRow(): T;
  addLabel: string;
  /** The accessible name of row `index`'s remove button. */
  removeLabel(index: number): string;
}

export function RowsEditor<T>({ rows, onChange, renderRow, newRow, addLabel, removeLabel }: RowsEditorProps<T>) {
  const set = (index: number) => (patch: Partial<T>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {renderRow(row, i, set(i))}
          <IconButton aria-label={removeLabel(i)} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <Button size="small" startIcon={<Add />} onClick={() => onChange([...rows, newRow()])} sx={{ alignSelf: 'flex-start' }}>
        {addLabel}
      </Button>
    </Stack>
  );
}
