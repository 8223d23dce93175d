// Environment variable rows (name, value) as forms hold them, and their reading into the
// request's name → value record: blank rows are skipped; an invalid or repeated name is an
// error at `environment.<row>.key`.
import { EnvVarName } from '../../../../shared/api/clusters/common';
import type { FieldErrors } from './form-result';

export interface EnvRow {
  key: string;
  value: string;
}

export function envRowsToRecord(rows: readonly EnvRow[], errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '' && row.value === '') return;
    const check = EnvVarName.safeParse(key);
    if (!check.success) errors[`environment.${i}.key`] = key === '' ? 'a name is required' : check.error.issues[0]!.message;
    else if (key in out) errors[`environment.${i}.key`] = `${key} is set twice`;
    else out[key] = row.value;
  });
  return out;
}
