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

/** What a container file says of itself (statistics.parquet, .hdf5, .members), read defensively. */
export interface Contents {
  parquet: { rows: number; rowGroups: number; columns: number; compression: string[]; createdBy: string | null } | null;
  hdf5: Array<{ path: string; shape: number[]; dtype: string; chunks: number[] | null; filters: string[] }>;
  members: Array<{ name: string; bytes: number; format: string | null; note: string | null; examples: number }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numbers = (v: unknown): number[] | null => (Array.isArray(v) && v.every((n) => typeof n === 'number') ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

export function contentsOf(stats: Record<string, unknown> | null): Contents {
  const p = stats?.parquet;
  const parquet =
    isObject(p) && typeof p.rows === 'number'
      ? {
          rows: p.rows,
          rowGroups: typeof p.rowGroups === 'number' ? p.rowGroups : 0,
          columns: typeof p.columns === 'number' ? p.columns : 0,
          compression: strings(p.compression),
          createdBy: typeof p.createdBy === 'string' ? p.createdBy : null,
        }
      : null;
  const h = stats?.hdf5;
  const hdf5 = (isObject(h) && Array.isArray(h.datasets) ? h.datasets : []).flatMap((d: unknown) =>
    isObject(d) && typeof d.path === 'string' && numbers(d.shape)
      ? [{ path: d.path, shape: numbers(d.shape)!, dtype: String(d.dtype ?? ''), chunks: numbers(d.chunks), filters: strings(d.filters) }]
      : [],
  );
  const members = (Array.isArray(stats?.members) ? stats.members : []).flatMap((m: unknown) =>
    isObject(m) && typeof m.name === 'string'
      ? [
          {
            name: m.name,
            bytes: typeof m.bytes === 'number' ? m.bytes : 0,
            format: typeof m.format === 'string' ? m.format : null,
            note: typeof m.note === 'string' ? m.note : null,
            examples: typeof m.examples === 'number' ? m.examples : 0,
          },
        ]
      : [],
  );
  return { parquet, hdf5, members };
}

/** An HDF5 shape in words: `5 × 8 × 8`, a scalar `scalar`. */
export const shapeText = (shape: readonly number[]) =>
  shape.length === 0 ? 'scalar' : shape.map((n) => n.toLocaleString('en-US')).join(' × ');
