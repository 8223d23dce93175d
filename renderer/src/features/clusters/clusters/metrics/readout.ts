// Values under the crosshair (or the latest, when not hovering) for the readout and legend.
import { nearestPoint } from './ring-buffer';
import type { SeriesSet } from './series-set';

/** The time the readout shows: the crosshair's, else the last reading. */
export function readoutTime(crosshair: number | null, set: SeriesSet): number | null {
  return crosshair ?? set.last;
}

/** The value of a series at `x`: the nearest point within `maxGap`, none further away (a gap in the data). */
export function valueAt(set: SeriesSet, key: string, x: number | null, maxGap: number): number | undefined {
  if (x === null) return undefined;
  return nearestPoint(set.data(key), x, maxGap)?.y;
}

export function formatTime(ms: number, withDate: boolean): string {
  return new Date(ms).toLocaleString(undefined, {
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    second: withDate ? undefined : '2-digit',
  });
}
