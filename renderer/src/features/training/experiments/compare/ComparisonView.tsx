// The body of a comparison, from its data alone (the page reads it; the bench mounts this with
// synthetic runs): the runs' parameters (differences only), the metric curves by step, the
// statistical tests, parallel coordinates whose brush narrows the runs shown in the curves and
// the runs table, any two metrics with the pareto frontier, the correlation heat map, and the
// API's rankings and recommendations. The charts' code loads with the first chart panel, and
// the panels below the fold mount when scrolled near.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { METRIC_DIRECTION, type RunMetricName } from '../../../../../../shared/api/training/experiments';
import { LazyOnVisible } from './LazyOnVisible';
import type { RunCurve } from './run-curves';
import { RunsDiffTable } from './RunsDiffTable';
import { StatTestsTable } from './StatTestsTable';
import type { Comparison } from './use-comparison';
import { Section } from '../../../../components/Section';

/** The charts' code, loaded once; the page starts it while the comparison is being read. */
export const loadCharts = () => import('./ChartPanels');
const charts = loadCharts;
const CurvesChart = lazy(() => charts().then((m) => ({ default: m.CurvesChart })));
const ParallelChart = lazy(() => charts().then((m) => ({ default: m.ParallelChart })));
const ScatterChart = lazy(() => charts().then((m) => ({ default: m.ScatterChart })));
const CorrelationChart = lazy(() => charts().then((m) => ({ default: m.CorrelationChart })));

const METRIC_NAME: Record<RunMetricName, string> = {
  validation_loss: 'Validation loss',
  loss: 'Training loss',
  perplexity: 'Perplexity',
  accuracy: 'Accuracy',
  cost: 'Cost',
  duration: 'Duration',
};

function Rankings({ comparison, names }: { comparison: Comparison; names: Map<string, string> }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }} data-testid="rankings">
      {comparison.metrics.map((m) => (
        <Box key={m} sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {METRIC_NAME[m]} ({METRIC_DIRECTION[m] === 'minimize' ? 'lower' : 'higher'} is better)
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {(comparison.rankings[m] ?? []).slice(0, 5).map((id) => (
              <Typography component="li" variant="body2" key={id} noWrap>
                {names.get(id) ?? id}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export interface ComparisonViewProps {
  comparison: Comparison;
  curves: ReadonlyMap<string, RunCurve>;
  differencesOnly: boolean;
  onDifferencesOnly(on: boolean): void;
  /** Replicate runs added from the tests ("add seeds"): taken into the comparison. */
  onRunsAdded?(ids: string[]): void;
}

export function ComparisonView({ comparison, curves, differencesOnly, onDifferencesOnly, onRunsAdded }: ComparisonViewProps) {
  const names = useMemo(() => new Map(comparison.runs.map((r) => [r.id, r.name])), [comparison.runs]);
  const [brushed, setBrushed] = useState<string[] | null>(null);
  const shown = useMemo(() => (brushed ? new Set(brushed) : null), [brushed]);
  const analysis = comparison.statistical_analysis;
  const correctionName = analysis?.correction === 'benjamini-hochberg' ? 'Benjamini–Hochberg' : 'Holm';
  return (
    <Stack spacing={2}>
      <Section title="Runs" testId="compare-runs">
        <RunsDiffTable runs={comparison.runs} differencesOnly={differencesOnly} onDifferencesOnly={onDifferencesOnly} highlighted={shown} />
      </Section>
      <Section title="Metric curves" testId="compare-curves-panel">
        {/* Near the top: drawn at once (the charts' code may still be loading). */}
        <Suspense fallback={<Skeleton variant="rounded" height={400} aria-label="Loading the metric curves" />}>
          <CurvesChart runs={comparison.runs} curves={curves} shown={shown} />
        </Suspense>
      </Section>
      <Section title="Statistical tests" testId="stat-tests">
        {analysis ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {analysis.pairing === 'all-pairs'
                ? 'Every pair'
                : `Each against ${analysis.pairing === 'best-run' ? 'the best' : (names.get(analysis.baselineRunId ?? '') ?? analysis.baselineRunId)}`}
              . Configurations are compared across their replicates (runs that differ only in seed); trained models on the same evaluation
              examples. Significant when the {correctionName}-adjusted p-value is below {analysis.alpha};{' '}
              {Math.round(analysis.confidenceLevel * 100)} % intervals. {analysis.method}
            </Typography>
            {analysis.excluded.length > 0 && (
              <Alert severity="info" variant="outlined">
                Left out: {analysis.excluded.map((x) => `${names.get(x.runId) ?? x.runId} (${x.reason})`).join('; ')}.
              </Alert>
            )}
            <StatTestsTable
              analysis={analysis}
              names={names}
              experimentId={comparison.experimentId}
              runs={comparison.runs}
              onRunsAdded={onRunsAdded}
            />
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            The API returned no statistical analysis for these runs.
          </Typography>
        )}
      </Section>
      <Section title="Parallel coordinates" testId="compare-parallel-panel">
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -0.5, mb: 1 }}>
          The parameters that differ, then the metrics. Drag along an axis to keep only the runs in that range: the curves and the runs
          table follow.
        </Typography>
        <LazyOnVisible height={360} label="the parallel coordinates">
          <ParallelChart runs={comparison.runs} onSelection={setBrushed} />
        </LazyOnVisible>
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, gap: 2, alignItems: 'start' }}>
        <Section title="Pareto frontier" testId="compare-scatter-panel">
          <LazyOnVisible height={420} label="the scatter">
            <ScatterChart comparison={comparison} />
          </LazyOnVisible>
        </Section>
        <Section title="Recommendations" testId="compare-recommendations">
          {comparison.recommendations.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              None.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {comparison.recommendations.map((r) => (
                <Typography component="li" variant="body2" key={r} sx={{ mb: 0.5 }}>
                  {r}
                </Typography>
              ))}
            </Box>
          )}
        </Section>
      </Box>
      <Section title="Correlations" testId="compare-correlations-panel">
        <LazyOnVisible height={320} label="the correlations">
          <CorrelationChart comparison={comparison} />
        </LazyOnVisible>
      </Section>
      <Section title="Rankings" testId="compare-rankings">
        <Rankings comparison={comparison} names={names} />
      </Section>
    </Stack>
  );
}
