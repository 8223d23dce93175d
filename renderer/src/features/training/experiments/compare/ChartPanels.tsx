// The comparison's charts, each from the shared chart components (legend toggles, crosshair or
// hover, zoom, PNG and CSV export come with them): metric curves overlaid by step, parallel
// coordinates of parameters → metrics whose brush picks the runs shown elsewhere, any two metrics
// with the pareto frontier, and the parameter–metric correlation heat map. Loaded with the first
// panel that needs them (this module is imported lazily).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { METRIC_DIRECTION, type RunMetricName } from '../../../../../../shared/api/training/experiments';
import { CorrelationHeatmap } from '../../../../components/charts/CorrelationHeatmap';
import { ParallelCoordinates, type ParallelAxis } from '../../../../components/charts/ParallelCoordinates';
import { ParetoScatter, type ScatterMetric } from '../../../../components/charts/ParetoScatter';
import { StepCurves, type StepCurveInput } from '../../../../components/charts/StepCurves';
import { formatDuration } from '../../../../components/error-details';
import { formatMoney } from '../../../../lib/money';
import { axisKindOf, correlationGrid, differingKeys, formatStat, spansDecades } from './compare-logic';
import type { RunCurve } from './run-curves';
import type { Comparison, CompareRun } from './use-comparison';

export const METRIC_LABEL: Record<RunMetricName, string> = {
  validation_loss: 'Validation loss',
  loss: 'Training loss',
  perplexity: 'Perplexity',
  accuracy: 'Accuracy',
  cost: 'Cost (USD)',
  duration: 'Duration',
};

const metricFormat = (m: RunMetricName) => (m === 'cost' ? formatMoney : m === 'duration' ? formatDuration : (v: number) => formatStat(v));

export function CurvesChart({
  runs,
  curves,
  shown,
}: {
  runs: readonly CompareRun[];
  curves: ReadonlyMap<string, RunCurve>;
  /** The runs inside the parallel-coordinates brush (null: all). */
  shown: ReadonlySet<string> | null;
}) {
  const [metric, setMetric] = useState<'loss' | 'validation_loss'>('loss');
  const inputs = useMemo((): StepCurveInput[] => {
    const out: StepCurveInput[] = [];
    for (const r of runs) {
      const c = curves.get(r.id);
      if (!c || (shown && !shown.has(r.id))) continue;
      out.push(
        metric === 'loss'
          ? { id: r.id, label: r.name, steps: c.steps, values: c.loss }
          : { id: r.id, label: r.name, steps: c.valSteps, values: c.validation },
      );
    }
    return out;
  }, [runs, curves, shown, metric]);
  const logY = spansDecades(inputs);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={metric}
          onChange={(_, v: typeof metric | null) => v && setMetric(v)}
          aria-label="Curve metric"
        >
          <ToggleButton value="loss">Training loss</ToggleButton>
          <ToggleButton value="validation_loss">Validation loss</ToggleButton>
        </ToggleButtonGroup>
        {shown && (
          <Typography variant="caption" color="text.secondary">
            {inputs.length} of {runs.length} runs, as brushed in the parallel coordinates
          </Typography>
        )}
      </Stack>
      <StepCurves
        title={metric === 'loss' ? 'Training loss by step' : 'Validation loss by step'}
        metric={metric === 'loss' ? 'training loss' : 'validation loss'}
        runs={inputs}
        height={340}
        testId="compare-curves"
        // A diverged run's blow-up would flatten every other curve on a linear axis: start on a log
        // one (again when the curves arrive: they load after the chart).
        logY={logY}
        key={`${metric}:${logY}`}
      />
    </Stack>
  );
}

const PARALLEL_METRICS: readonly RunMetricName[] = ['validation_loss', 'accuracy', 'cost'];

export function ParallelChart({ runs, onSelection }: { runs: readonly CompareRun[]; onSelection(ids: string[] | null): void }) {
  const { axes, items } = useMemo(() => {
    const params = differingKeys(runs);
    const axes: ParallelAxis[] = [
      ...params.map((k) => ({ key: `p:${k}`, label: k, kind: axisKindOf(runs.map((r) => r.parameters[k])) })),
      ...PARALLEL_METRICS.map((m) => ({ key: `m:${m}`, label: METRIC_LABEL[m], kind: 'linear' as const })),
    ];
    const items = runs.map((r) => ({
      id: r.id,
      values: Object.fromEntries([
        ...params.map((k) => {
          const v = r.parameters[k];
          return [`p:${k}`, typeof v === 'boolean' ? String(v) : v];
        }),
        ...PARALLEL_METRICS.map((m) => [`m:${m}`, r.values[m] ?? null]),
      ]),
    }));
    return { axes, items };
  }, [runs]);
  const names = useMemo(() => new Map(runs.map((r) => [r.id, r.name])), [runs]);
  return (
    <ParallelCoordinates
      title="Parameters → metrics"
      axes={axes}
      items={items}
      colorBy="m:validation_loss"
      itemLabel={(it) => names.get(it.id) ?? it.id}
      onSelectionChange={(ids) => onSelection(ids.length === runs.length ? null : ids)}
      height={360}
      testId="compare-parallel"
    />
  );
}

export function ScatterChart({ comparison }: { comparison: Comparison }) {
  const metrics = useMemo(
    (): ScatterMetric[] =>
      comparison.metrics.map((m) => ({
        key: m,
        label: METRIC_LABEL[m],
        direction: METRIC_DIRECTION[m] === 'minimize' ? 'min' : 'max',
        format: metricFormat(m),
      })),
    [comparison.metrics],
  );
  const points = useMemo(
    () => comparison.runs.map((r) => ({ id: r.id, label: r.name, group: r.status, values: r.values })),
    [comparison.runs],
  );
  // Each run's validation loss with its interval over the evaluation examples: error bars.
  const intervals = useMemo(() => {
    const runs = comparison.statistical_analysis?.run_intervals ?? [];
    return { validation_loss: Object.fromEntries(runs.map((r) => [r.runId, r.ci] as const)) };
  }, [comparison.statistical_analysis]);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <ParetoScatter
      title="Metric against metric"
      points={points}
      metrics={metrics}
      x={comparison.metrics.includes('cost') ? 'cost' : undefined}
      y={comparison.metrics.includes('validation_loss') ? 'validation_loss' : undefined}
      selectedId={selected}
      onSelect={setSelected}
      height={360}
      testId="compare-scatter"
      intervals={intervals}
    />
  );
}

export function CorrelationChart({ comparison }: { comparison: Comparison }) {
  const [method, setMethod] = useState<'pearson' | 'spearman'>('spearman');
  const grid = useMemo(() => correlationGrid(comparison.correlations ?? [], method), [comparison.correlations, method]);
  if (grid.rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No parameter varies across these runs, so there is nothing to correlate.
      </Typography>
    );
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={method}
        onChange={(_, v: typeof method | null) => v && setMethod(v)}
        aria-label="Correlation"
      >
        <ToggleButton value="pearson">Pearson</ToggleButton>
        <ToggleButton value="spearman">Spearman</ToggleButton>
      </ToggleButtonGroup>
      <CorrelationHeatmap
        title={`${method === 'pearson' ? 'Pearson' : 'Spearman'} correlation of parameters and metrics`}
        rows={grid.rows.map((k) => ({ key: k, label: k }))}
        columns={grid.columns.map((k) => ({ key: k, label: METRIC_LABEL[k as RunMetricName] ?? k }))}
        cells={grid.cells}
        method={method === 'pearson' ? 'Pearson' : 'Spearman'}
        testId="compare-correlations"
      />
      {(comparison.correlations ?? []).some((c) => c.n < c.minimumN) && (
        <Typography variant="body2" color="text.secondary" data-testid="correlations-too-few">
          Too few runs to claim (n &lt; {comparison.correlations![0]!.minimumN}): the coefficients are shown with their 95 % interval and no
          p-value.
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflow: 'auto' }} data-testid="correlation-intervals">
        {(comparison.correlations ?? []).map((c) => {
          const v = c[method];
          if (v === null) return null;
          return (
            <Typography component="li" variant="caption" key={`${c.parameter}|${c.metric}`}>
              {c.parameter} × {METRIC_LABEL[c.metric]}: {v.coefficient.toFixed(2)}{' '}
              {v.ci === null ? '(no interval below 4 runs)' : `[${v.ci[0].toFixed(2)}, ${v.ci[1].toFixed(2)}]`}
              {v.pValue === null ? '' : `, p = ${v.pValue < 0.001 ? '< 0.001' : v.pValue.toFixed(3)}`} (n = {c.n})
            </Typography>
          );
        })}
      </Box>
    </Stack>
  );
}
