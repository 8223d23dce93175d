// Repeating rows of the forms: pairs of a name and a value (environment variables of the
// restart, template and endpoint forms, a model's metadata, a tuning's overrides) and port
// mappings (the restart's with an external port, a template's without).
import MenuItem from '@mui/material/MenuItem';
import { Protocol } from '../../../../shared/api/clusters/common';
import type { EnvRow } from './env-rows';
import type { ErrorMap } from './error-display';
import { FormField } from './FormField';
import type { FieldErrors } from './form-result';
import { RowsEditor } from './RowsEditor';

export interface PairRowsEditorProps<T extends { value: string }> {
  rows: T[];
  onChange(rows: T[]): void;
  errors: ErrorMap;
  /** The request field the errors are keyed under, e.g. `metadata` → `metadata.0.key`. */
  errorPath: string;
  /** The row's member its first field edits (`key`, `name`), with that field's label and width. */
  keyName: keyof T & string;
  keyLabel: string;
  keyWidth: number;
  newRow(): T;
  addLabel: string;
  removeLabel(i: number): string;
  /** What row `i` is called in its inputs' accessible names ("Metadata 1" → "Metadata 1 key", "Metadata 1 value"). */
  rowLabel?(i: number): string;
}

/** Rows of a name and a value: environment variables, metadata, parameter overrides. */
export function PairRowsEditor<T extends { value: string }>(props: PairRowsEditorProps<T>) {
  const { errors, errorPath, keyName, rowLabel } = props;
  const named = (i: number, part: string) => ({ htmlInput: { 'aria-label': rowLabel && `${rowLabel(i)} ${part}` } });
  return (
    <RowsEditor
      rows={props.rows}
      onChange={props.onChange}
      newRow={props.newRow}
      addLabel={props.addLabel}
      removeLabel={props.removeLabel}
      renderRow={(row, i, set) => (
        <>
          <FormField
            form={{ form: row, update: set, errors }}
            name={keyName}
            errorKey={`${errorPath}.${i}.${keyName}`}
            label={props.keyLabel}
            sx={{ width: props.keyWidth }}
            slotProps={named(i, props.keyLabel.toLowerCase())}
          />
          <FormField
            form={{ form: row, update: set, errors }}
            name="value"
            errorKey={`${errorPath}.${i}.value`}
            label="Value"
            sx={{ flex: 1 }}
            slotProps={named(i, 'value')}
          />
        </>
      )}
    />
  );
}

export function EnvRowsEditor({ rows, onChange, errors }: { rows: EnvRow[]; onChange(rows: EnvRow[]): void; errors: FieldErrors }) {
  return (
    <PairRowsEditor
      rows={rows}
      onChange={onChange}
      errors={errors}
      errorPath="environment"
      keyName="key"
      keyLabel="Name"
      keyWidth={240}
      newRow={() => ({ key: '', value: '' })}
      addLabel="Add variable"
      removeLabel={(i) => `Remove environment variable ${i + 1}`}
      rowLabel={(i) => `Environment variable ${i + 1}`}
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
  return (
    <RowsEditor
      rows={rows}
      onChange={onChange}
      newRow={newRow}
      addLabel={`Add ${item}`}
      removeLabel={(i) => `Remove ${item} ${i + 1}`}
      renderRow={(row, i, set) => {
        const bound = { form: row, update: set, errors };
        const at = (field: string) => `${errorPath}.${i}.${field}`;
        return (
          <>
            <FormField
              form={bound}
              name="internalPort"
              errorKey={at('internal_port')}
              label="Internal port"
              hint="1–65535"
              sx={{ width: row.externalPort === undefined ? 140 : 130 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            {row.externalPort !== undefined && (
              <FormField
                form={bound}
                name="externalPort"
                errorKey={at('external_port')}
                label="External port"
                placeholder="auto"
                hint="blank or 0 = auto"
                sx={{ width: 140 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
              />
            )}
            <FormField form={bound} name="protocol" errorKey={at('protocol')} select label="Protocol" sx={{ width: 100 }}>
              {Protocol.options.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </FormField>
            <FormField form={bound} name="description" errorKey={at('description')} label="Description" sx={{ flex: 1 }} />
          </>
        );
      }}
    />
  );
}
