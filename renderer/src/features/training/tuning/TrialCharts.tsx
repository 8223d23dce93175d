// The tuning job's charts: the optimization history (every completed trial's value and the best
// so far), parallel coordinates of the searched parameters → the objective (brushing filters the
// trials table), and for a multi-objective search the pareto set over its objectives.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { HistoryChart, type HistoryTrial } from '../../../components/charts/HistoryChart';
import { ParallelCoordinates, type ParallelAxis, type ParallelItem } from '../../../components/charts/ParallelCoordinates';
import { ParetoScatter, type ScatterMetric, type ScatterPoint } from '../../../components/charts/ParetoScatter';
import { formatDuration, formatValue } from './tuning-format';
import type { Trial, TuningJob } from './tuning-store';

export interface TrialChartsProps {
  job: TuningJob;
  params: readonly string[];
  logParams: ReadonlySet<string>;
  /** The trial ids inside every brush; null when nothing is brushed. */
  onBrush(ids: ReadonlySet<string> | null): void;
  selectedId: string | null;
  onSelect(id: string | null): void;
}

const toDirection = (d: 'minimize' | 'maximize') => (d === 'minimize' ? 'min' : 'max');

/**
 * Axes: each parameter on its scale (a choice as categories), then the objective's metric.
 * @internal Exported for its tests only.
 */
export function parallelAxes(
  job: Pick<TuningJob, 'searchSpace' | 'metric'>,
  params: readonly string[],
  logParams: ReadonlySet<string>,
): ParallelAxis[] {
  return [
    ...params.map((p): ParallelAxis => {
      const spec = job.searchSpace[p] ?? {};
      if (spec.type === 'choice') {
        const values = Array.isArray(spec.values) ? (spec.values as unknown[]).map(String) : undefined;
        return { key: p, label: p, kind: 'category', ...(values ? { categories: values } : {}) };
      }
      return { key: p, label: p, kind: logParams.has(p) ? 'log' : 'linear' };
    }),
    { key: job.metric, label: job.metric, kind: 'linear' },
  ];
}

/**
 * One line per completed trial: its parameters (a category axis's values as text) and its objective.
 * @internal Exported for its tests only.
 */
export function parallelItems(job: Pick<TuningJob, 'trials' | 'metric'>, axes: readonly ParallelAxis[]): ParallelItem[] {
  const params = axes.filter((a) => a.key !== job.metric);
  return job.trials
    .filter((t) => t.status === 'completed' && typeof t.metrics[job.metric] === 'number')
    .map((t) => {
      const values: Record<string, number | string | null> = { [job.metric]: t.metrics[job.metric]! };
      for (const a of params) {
        const v = t.parameters[a.key];
        values[a.key] = v === undefined ? null : a.kind === 'category' || typeof v !== 'number' ? String(v) : v;
      }
      return { id: t.id, values };
    });
}

/** A trial's value of an objective: a metric, or its cost (USD) or duration (s). */
function objectiveValue(t: Trial, metric: string): number | null {
  const v = metric === 'cost' ? t.cost : metric === 'duration' ? t.duration : t.metrics[metric];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function TrialCharts({ job, params, logParams, onBrush, selectedId, onSelect }: TrialChartsProps) {
  // The same axes while the job is polled (the chart starts over, brushes cleared, on new axes).
  const axesKey = JSON.stringify(parallelAxes(job, params, logParams));
  const axes = useMemo(() => JSON.parse(axesKey) as ParallelAxis[], [axesKey]);
  const items = useMemo(() => parallelItems(job, axes), [job, axes]);
  const numbers = useMemo(() => new Map(job.trials.map((t) => [t.id, t.number])), [job.trials]);
  const history = useMemo<HistoryTrial[]>(
    () =>
      job.trials.map((t) => ({
        id: t.id,
        number: t.number,
        value: t.status === 'completed' ? objectiveValue(t, job.metric) : null,
      })),
    [job.trials, job.metric],
  );
  const pareto = useMemo(() => {
    if (!job.objectives || job.objectives.length < 2) return null;
    const metrics: ScatterMetric[] = job.objectives.map((o) => ({
      key: o.metric,
      label: o.metric === 'cost' ? 'cost (USD)' : o.metric === 'duration' ? 'duration' : o.metric,
      direction: toDirection(o.direction),
      format: o.metric === 'duration' ? formatDuration : formatValue,
    }));
    const points: ScatterPoint[] = job.trials
      .filter((t) => t.status === 'completed')
      .map((t) => ({
        id: t.id,
        label: `Trial ${t.number}`,
        values: Object.fromEntries(job.objectives!.map((o) => [o.metric, objectiveValue(t, o.metric)])),
      }));
    return { metrics, points };
  }, [job.objectives, job.trials]);
  const onSelection = useCallback((ids: string[]) => onBrush(ids.length === items.length ? null : new Set(ids)), [onBrush, items.length]);

  return (
    <Box data-testid="trial-charts" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: pareto ? '1fr 1fr' : '1fr' }, gap: 2 }}>
      <HistoryChart
        title="Optimization history"
        objective={job.metric}
        direction={toDirection(job.objective)}
        trials={history}
        selectedId={selectedId}
        onSelect={onSelect}
        formatValue={formatValue}
        height={280}
        testId="tuning-history"
      />
      {pareto && (
        <ParetoScatter
          title="Pareto set"
          points={pareto.points}
          metrics={pareto.metrics}
          selectedId={selectedId}
          onSelect={onSelect}
          height={280}
          testId="tuning-pareto"
        />
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        {/* Until a trial completes, what its lines will show. */}
        {items.length > 0 ? (
          <ParallelCoordinates
            title="Parameters → objective"
            axes={axes}
            items={items}
            colorBy={job.metric}
            onSelectionChange={onSelection}
            itemLabel={(it) => `Trial ${numbers.get(it.id) ?? it.id}`}
            height={340}
            testId="tuning-parallel"
          />
        ) : (
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="tuning-parallel-empty">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Parameters → objective
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A line per completed trial appears here, from its parameters to its {job.metric}.
            </Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
