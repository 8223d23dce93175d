// A job's metric series as the `training:job` stream delivers them: the run so far once (a
// snapshot, which also starts over after a reconnect), then only the points after the last
// step held. Kept as chart points (x = step), appended in place so the charts' decimation
// carries on from where it was.
import type { TrainingJobLiveEvent } from '../../../../../shared/ipc/streams';
import type { ChartPoint } from '../../../components/live-decimation';

type Snapshot = Extract<TrainingJobLiveEvent, { type: 'snapshot' }>;
type Point = Snapshot['series']['points'][number];

export type SeriesKey = 'loss' | 'validationLoss' | 'learningRate' | 'throughput' | 'memoryGb';

export interface JobSeries {
  /** Changes on every snapshot: the charts' decimation starts over from new arrays. */
  generation: number;
  lastStep: number;
  throughputUnit: string;
  data: Record<SeriesKey, ChartPoint[]>;
  /** Every point held (for the CSV export), in step order. */
  rows: Point[];
}

export const emptySeries = (): JobSeries => ({
  generation: 0,
  lastStep: -1,
  throughputUnit: 'tokens/s',
  data: { loss: [], validationLoss: [], learningRate: [], throughput: [], memoryGb: [] },
  rows: [],
});

function append(series: JobSeries, points: readonly Point[]): number {
  let added = 0;
  for (const p of points) {
    if (p.step <= series.lastStep) continue;
    series.lastStep = p.step;
    series.rows.push(p);
    // A diverged run's last losses are not numbers: they are not drawn.
    if (p.loss !== null && Number.isFinite(p.loss)) series.data.loss.push({ x: p.step, y: p.loss });
    if (p.validationLoss !== null && Number.isFinite(p.validationLoss)) series.data.validationLoss.push({ x: p.step, y: p.validationLoss });
    series.data.learningRate.push({ x: p.step, y: p.learningRate });
    series.data.throughput.push({ x: p.step, y: p.throughput });
    series.data.memoryGb.push({ x: p.step, y: p.memoryGb });
    added++;
  }
  return added;
}

/** Applies a frame's events; says whether the series changed. */
export function applyEvents(series: JobSeries, events: readonly TrainingJobLiveEvent[]): { series: JobSeries; changed: boolean } {
  let current = series;
  let changed = false;
  for (const event of events) {
    if (event.type === 'snapshot') {
      current = { ...emptySeries(), generation: current.generation + 1, throughputUnit: event.series.throughputUnit };
      append(current, event.series.points);
      changed = true;
    } else if (event.type === 'update') {
      if (append(current, event.points) > 0) changed = true;
    }
  }
  return { series: current, changed };
}

/** The series as CSV rows (step, epoch, loss with its bucket range, validation loss, learning rate, throughput, memory). */
export function seriesCsvRows(series: JobSeries): Array<Array<number | null>> {
  return series.rows.map((p) => [
    p.step,
    p.epoch,
    p.loss,
    p.lossMin,
    p.lossMax,
    p.validationLoss,
    p.learningRate,
    p.throughput,
    p.memoryGb,
  ]);
}
export const SERIES_CSV_HEADER = [
  'step',
  'epoch',
  'loss',
  'loss_min',
  'loss_max',
  'validation_loss',
  'learning_rate',
  'throughput',
  'memory_gb',
];
