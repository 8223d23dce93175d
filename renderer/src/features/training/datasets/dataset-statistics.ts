// Reads the dataset's statistics (free-form in 03-endpoints-training.md; the emulator's shape
// in docs/decisions.md, Training: datasets) defensively: a remote server may send less.
import type { NumberSummary } from '../../../../../shared/api/training/datasets';

export type LengthSummary = NumberSummary;

const KEYS = ['count', 'min', 'max', 'mean', 'p50', 'p90', 'p95', 'p99'] as const;

export function lengthSummary(value: unknown): LengthSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  return KEYS.every((k) => typeof v[k] === 'number' && Number.isFinite(v[k])) ? (v as unknown as LengthSummary) : null;
}

export function percentileBars(s: LengthSummary): Array<{ name: string; value: number }> {
  return [
    { name: 'p50', value: s.p50 },
    { name: 'p90', value: s.p90 },
    { name: 'p95', value: s.p95 },
    { name: 'p99', value: s.p99 },
    { name: 'max', value: s.max },
  ];
}

/** Label fields with their values' counts, most frequent first, at most `top` values each. */
export function labelCounts(
  value: unknown,
  top = 12,
): Array<{ field: string; rows: Array<{ name: string; value: number }>; more: number }> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([field, counts]) => {
    if (typeof counts !== 'object' || counts === null) return [];
    const rows = Object.entries(counts as Record<string, unknown>)
      .filter((e): e is [string, number] => typeof e[1] === 'number')
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => ({ name, value: n }));
    return rows.length ? [{ field, rows: rows.slice(0, top), more: Math.max(0, rows.length - top) }] : [];
  });
}
