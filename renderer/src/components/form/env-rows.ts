// Environment variable rows (name, value) as forms hold them, and their reading into the
// request's name → value record: blank rows are skipped; an invalid or repeated name is an
// error at `environment.<row>.key`. The rule for names is the area's (clusters want upper
// case; endpoints take any letters).
import type { z } from 'zod';
import { EnvVarName } from '../../../../shared/api/clusters/common';
import type { FieldErrors } from './form-result';

export interface EnvRow {
  key: string;
  value: string;
}

export function envRowsToRecord(
  rows: readonly EnvRow[],
  errors: FieldErrors,
  name: z.ZodType<string> = EnvVarName,
): Record<string, string> {
  const out: Record<string, string> = {};
  rows.forEach((row, i) => {
    const key = row.key.trim();
    if (key === '' && row.value === '') return;
    const check = name.safeParse(key);
    if (!check.success) errors[`environment.${i}.key`] = key === '' ? 'a name is required' : check.error.issues[0]!.message;
    else if (key in out) errors[`environment.${i}.key`] = `${key} is set twice`;
    else out[key] = row.value;
  });
  return out;
}
