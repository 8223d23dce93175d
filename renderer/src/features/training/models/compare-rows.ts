// A comparison's measures as rows: metrics first, then benchmarks; each with every model's
// value (in the comparison's order), its direction and the API's best model. Measures no model
// has are left out.
import type { z } from 'zod';
import { BENCHMARKS, COMPARE_METRICS, type CompareModelsResponse } from '../../../../../shared/api/training/models-actions';
import { metricDirection, type Direction } from './model-format';

type Comparison = z.infer<typeof CompareModelsResponse>['comparison'];

export interface CompareRow {
  key: string;
  kind: 'metric' | 'benchmark';
  direction: Direction;
  values: Array<number | null>;
  /** The best model's id (best_performing), if the API named one. */
  best: string | null;
}

export function compareRows(c: Comparison): CompareRow[] {
  const rows: CompareRow[] = [];
  const add = (key: string, kind: CompareRow['kind'], pick: (m: Comparison['models'][number]) => number | null | undefined) => {
    const values = c.models.map((m) => pick(m) ?? null);
    if (values.every((v) => v === null)) return;
    rows.push({
      key,
      kind,
      direction: kind === 'benchmark' ? 'higher' : (metricDirection(key) ?? 'lower'),
      values,
      best: c.best_performing[key] ?? null,
    });
  };
  const metricKeys = [...new Set([...COMPARE_METRICS, ...c.models.flatMap((m) => Object.keys(m.metrics))])];
  for (const k of metricKeys) add(k, 'metric', (m) => m.metrics[k]);
  for (const k of BENCHMARKS) add(k, 'benchmark', (m) => m.benchmarks[k]);
  return rows;
}
