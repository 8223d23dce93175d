// One comparison of an experiment's runs: POST …/compare with the runs, every metric the API
// ranks (losses, accuracy, cost, duration) and the chosen test layout (every pair, or each run
// against a baseline run) and correction. Read again when one of them changes; the previous
// answer stays on screen meanwhile.
import { useEffect, useState } from 'react';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import type { OutputOf } from '../../../../../../shared/api/operations';
import type { RunMetricName } from '../../../../../../shared/api/training/experiments';
import { api } from '../../../../bridge/api';
import { isCancelled, toNormalizedError } from '../../../../bridge/errors';
import type { Correction } from './compare-logic';

export type Comparison = OutputOf<'training.experiments.compare'>['comparison'];
export type CompareRun = Comparison['runs'][number];

/** The metrics asked for, in the API's limit of six: the ones the charts and tables pick from. */
export const COMPARE_METRICS: readonly RunMetricName[] = ['validation_loss', 'loss', 'perplexity', 'accuracy', 'cost', 'duration'];

export interface ComparisonOptions {
  baselineRun: string | null;
  correction: Correction;
  /** `configuration`, or `tag:<prefix>`: what makes runs replicates of one another. */
  groupBy: string;
}

export function useComparison(experimentId: string, runIds: readonly string[], options: ComparisonOptions, reloadKey: number) {
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [error, setError] = useState<NormalizedError | null>(null);
  const [loading, setLoading] = useState(true);
  const runsKey = runIds.join(',');
  useEffect(() => {
    const runs = runsKey ? runsKey.split(',') : [];
    if (runs.length < 2) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    api(
      'training.experiments.compare',
      {
        params: { experiment_id: experimentId },
        body: {
          runs,
          metrics: [...COMPARE_METRICS],
          analysis: {
            statistical_tests: true,
            correlation_analysis: true,
            performance_pareto: true,
            correction: options.correction,
            alpha: 0.05,
            group_by: options.groupBy,
            ...(options.baselineRun ? { baseline_run: options.baselineRun } : {}),
          },
        },
      },
      { signal: controller.signal },
    ).then(
      ({ data }) => {
        setComparison(data.comparison);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (isCancelled(e) || controller.signal.aborted) return;
        setError(toNormalizedError(e));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [experimentId, runsKey, options.baselineRun, options.correction, options.groupBy, reloadKey]);
  return { comparison, error, loading };
}
