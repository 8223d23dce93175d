// One comparison of an experiment's runs: POST …/compare with the runs, every metric the API
// ranks (losses, accuracy, cost, duration) and the chosen test layout (every pair, or each run
// against a baseline run) and correction. Read again when one of them changes; the previous
// answer stays on screen meanwhile.
import type { RunMetricName } from '../../../../../../shared/api/training/experiments';
import { useLoaded } from '../../../../platform/use-loaded';
import { useExperiments, type Comparison } from '../experiments-store';
import type { Correction } from './compare-logic';

export type { Comparison };
export type CompareRun = Comparison['runs'][number];

/** The metrics asked for, in the API's limit of six: the ones the charts and tables pick from. */
const COMPARE_METRICS: readonly RunMetricName[] = ['validation_loss', 'loss', 'perplexity', 'accuracy', 'cost', 'duration'];

export interface ComparisonOptions {
  baselineRun: string | null;
  correction: Correction;
  /** `configuration`, or `tag:<prefix>`: what makes runs replicates of one another. */
  groupBy: string;
}

export function useComparison(experimentId: string, runIds: readonly string[], options: ComparisonOptions) {
  const { baselineRun, correction, groupBy } = options;
  const key = runIds.length < 2 ? null : JSON.stringify([experimentId, runIds, baselineRun, correction, groupBy]);
  const { data, error, loading, reload } = useLoaded(
    key,
    (signal) =>
      useExperiments.getState().compare(
        experimentId,
        {
          runs: [...runIds],
          metrics: [...COMPARE_METRICS],
          analysis: {
            statistical_tests: true,
            correlation_analysis: true,
            performance_pareto: true,
            correction,
            alpha: 0.05,
            group_by: groupBy,
            ...(baselineRun ? { baseline_run: baselineRun } : {}),
          },
        },
        signal,
      ),
    { keepAcrossKeys: true },
  );
  return { comparison: data, error, loading, reload };
}
