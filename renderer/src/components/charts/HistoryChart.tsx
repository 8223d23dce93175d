// A tuning job's optimization history: each trial's objective value by trial number, and the
// best value so far as a step line (Optuna's "optimization history"). Hover a trial for its
// value, click it to select it; the trials and the best line toggle in the legend; zoom, PNG
// and CSV as every chart (ScatterPlot).
import { alpha, useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import type { Direction } from '../../../../shared/analysis/pareto';
import { exportCsv } from './chart-export';
import { ChartLegend, toggled } from './ChartLegend';
import { formatNumber } from './scales';
import { bestSoFar } from './scatter-model';
import { ScatterPlot, type ScatterDataset } from './ScatterPlot';

export interface HistoryTrial {
  id: string;
  /** The trial's number (1, 2, …), its x. */
  number: number;
  /** The objective; null for a trial without one (running, failed, pruned). */
  value: number | null;
}

export interface HistoryChartProps {
  title: string;
  /** The objective's name ("eval_loss"). */
  objective: string;
  direction: Direction;
  trials: readonly HistoryTrial[];
  selectedId?: string | null;
  onSelect?(id: string | null): void;
  formatValue?(v: number): string;
  height?: number;
  testId?: string;
}

const NONE: ReadonlySet<string> = new Set();

export function HistoryChart({
  title,
  objective,
  direction,
  trials,
  selectedId = null,
  onSelect,
  formatValue = formatNumber,
  height = 280,
  testId,
}: HistoryChartProps) {
  const theme = useTheme();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const sorted = useMemo(() => [...trials].sort((a, b) => a.number - b.number), [trials]);
  const best = useMemo(
    () =>
      bestSoFar(
        sorted.map((t) => t.value),
        direction,
      ),
    [sorted, direction],
  );
  const scored = useMemo(() => sorted.flatMap((t, i) => (t.value !== null && Number.isFinite(t.value) ? [i] : [])), [sorted]);
  const trialColour = theme.palette.primary.main;
  const bestColour = theme.palette.mode === 'dark' ? '#f28e2b' : '#d4570d';

  const datasets = useMemo<ScatterDataset[]>(() => {
    const sets: ScatterDataset[] = [];
    sets.push({
      label: 'Best so far',
      data: hidden.has('best') ? [] : sorted.flatMap((t, i) => (best[i] === null ? [] : [{ x: t.number, y: best[i]! }])),
      showLine: true,
      stepped: 'after',
      borderColor: bestColour,
      borderWidth: 2,
      pointRadius: 0,
      pointHitRadius: 0,
      order: 1,
    });
    sets.push({
      label: 'Trials',
      data: hidden.has('trials') ? [] : scored.map((i) => ({ x: sorted[i]!.number, y: sorted[i]!.value! })),
      backgroundColor: scored.map((i) => alpha(trialColour, sorted[i]!.id === selectedId ? 1 : 0.6)),
      borderColor: scored.map((i) => (sorted[i]!.id === selectedId ? theme.palette.text.primary : trialColour)),
      borderWidth: scored.map((i) => (sorted[i]!.id === selectedId ? 2 : 1)),
      pointRadius: scored.map((i) => (sorted[i]!.id === selectedId ? 7 : 4)),
      order: 0,
    });
    return sets;
  }, [sorted, best, scored, hidden, selectedId, theme, trialColour, bestColour]);

  const bestIndex = scored.find((i) => sorted[i]!.value === best[best.length - 1]);
  return (
    <ScatterPlot
      title={title}
      testId={testId}
      empty={
        scored.length === 0 ? { title: 'No finished trials yet', text: `Each trial's ${objective} appears here as it completes.` } : null
      }
      hint={
        bestIndex !== undefined
          ? `Best ${objective} ${formatValue(sorted[bestIndex]!.value!)} at trial ${sorted[bestIndex]!.number} · ${scored.length} of ${sorted.length} trials scored`
          : undefined
      }
      datasets={datasets}
      xLabel="Trial"
      yLabel={`${objective} (${direction === 'min' ? 'lower' : 'higher'} is better)`}
      height={height}
      description={`${title}: ${scored.length} trials' ${objective} and the best so far`}
      describe={(ds, i) => {
        if (ds !== 1) return undefined;
        const k = scored[i];
        if (k === undefined) return undefined;
        const t = sorted[k]!;
        return { title: `Trial ${t.number}`, lines: [`${objective}: ${formatValue(t.value!)}`, `Best so far: ${formatValue(best[k]!)}`] };
      }}
      onPointClick={(ds, i) => {
        const k = ds === 1 ? scored[i] : undefined;
        if (k !== undefined) onSelect?.(sorted[k]!.id);
      }}
      onBackgroundClick={() => onSelect?.(null)}
      onExportCsv={() =>
        exportCsv(
          title,
          ['trial', 'id', objective, 'best_so_far'],
          sorted.map((t, i) => [t.number, t.id, t.value, best[i]]),
        )
      }
      footer={
        <ChartLegend
          inline
          label="Series"
          entries={[
            { key: 'trials', label: 'Trials', color: trialColour },
            { key: 'best', label: 'Best so far', color: bestColour },
          ]}
          hidden={hidden}
          onToggle={(k) => setHidden((h) => toggled(h, k))}
          onSetHidden={setHidden}
        />
      }
    />
  );
}
