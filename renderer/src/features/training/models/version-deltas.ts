// A model's versions as a timeline, newest first: each with its key metrics and their change
// from the version before it.
import type { ModelVersion } from '../../../../../shared/api/training/models';
import { metricDelta, type MetricDelta } from './model-format';

/** The metrics the timeline compares, from the version's groups. */
const TIMELINE_METRICS = [
  { key: 'finalLoss', group: 'training', field: 'finalLoss' },
  { key: 'validationLoss', group: 'validation', field: 'loss' },
  { key: 'accuracy', group: 'validation', field: 'accuracy' },
  { key: 'perplexity', group: 'validation', field: 'perplexity' },
] as const;

interface TimelineMetric {
  key: string;
  value: number | null;
  delta: MetricDelta | null;
}

export interface TimelineEntry {
  version: ModelVersion;
  /** The version it is compared with (the one before it), if any. */
  previous: string | null;
  metrics: TimelineMetric[];
}

const valueOf = (v: ModelVersion, group: 'training' | 'validation', field: string): number | null => {
  const x = v.metrics[group][field];
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
};

/** `versions` oldest first (as the API lists them) → the timeline, newest first. */
export function versionTimeline(versions: readonly ModelVersion[]): TimelineEntry[] {
  return versions
    .map((v, i) => {
      const before = i > 0 ? versions[i - 1]! : null;
      return {
        version: v,
        previous: before?.version ?? null,
        metrics: TIMELINE_METRICS.map(({ key, group, field }) => {
          const value = valueOf(v, group, field);
          return { key, value, delta: before ? metricDelta(key, valueOf(before, group, field), value) : null };
        }).filter((m) => m.value !== null),
      };
    })
    .reverse();
}
