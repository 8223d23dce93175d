// The operation behind a counted route label ("METHOD /path/pattern", what key usage and the
// pipeline name a route by): what access it needs, on which scope. Built once from the table.
import type { Operation } from '../../../../../shared/api/operation';
import { operations } from '../../../../../shared/api/operations';

let byLabel: Map<string, Operation> | null = null;

/** The operation of a label; undefined for routes outside the table (the emulator's admin routes). */
export function operationOf(label: string): Operation | undefined {
  byLabel ??= new Map(Object.values(operations).map((op: Operation) => [`${op.method} ${op.path}`, op]));
  return byLabel.get(label);
}
