// Pure rules of the fleet view: which clusters have live data, how often each is read within
// the read budget, one row per cluster with one cell per GPU from its latest snapshot, and the
// two colour scales (utilisation, temperature) with their legends. Free of React for unit tests.
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import type { ClusterStatus } from '../../../../../../shared/api/clusters/common';
import { gpuId, type MetricsSnapshot } from '../../../../../../shared/api/clusters/metrics';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { colourAt, stopsGradient, textOn, VIRIDIS, type ColourStops } from '../../../../lib/colour-scale';

/** The statuses in which the metrics route answers a snapshot (docs/decisions.md, Metrics: Live data). */
const LIVE_STATUSES: readonly ClusterStatus[] = ['running', 'stopping', 'restarting'];
export const hasLiveData = (status: ClusterStatus) => LIVE_STATUSES.includes(status);

/** The fleet view reads a cluster no more often than this (issue 9: at most every 30 s). */
const FLEET_MIN_INTERVAL_MS = 30_000;
/**
 * Snapshot reads an hour the fleet view may spend: half of the clusters area's GET bucket
 * (1,000 an hour per account, 01-accounts.md Limits), leaving the rest to the lists, the
 * dashboards and the details.
 */
export const FLEET_READS_PER_HOUR = 500;

/** How often each live cluster is read: every 30 s, or less often when many clusters share the budget. */
export function fleetInterval(liveClusters: number, budgetPerHour: number = FLEET_READS_PER_HOUR): number {
  if (liveClusters <= 0) return FLEET_MIN_INTERVAL_MS;
  const spread = Math.ceil((liveClusters * 3_600_000) / budgetPerHour / 1000) * 1000;
  return Math.max(FLEET_MIN_INTERVAL_MS, spread);
}

export interface GpuCell {
  gpuId: string;
  index: number;
  /** Percent. */
  utilization: number | null;
  /** °C. */
  temperature: number | null;
  /** W. */
  power: number | null;
  /** Bytes. */
  memoryUsed: number | null;
  memoryTotal: number | null;
}

type RowState =
  /** A snapshot is shown. */
  | 'live'
  /** Live status, no answer yet. */
  | 'loading'
  /** Not in a status with live data (stopped, error, starting), or the route said so. */
  | 'no-data'
  /** The read failed for another reason (shown with its error). */
  | 'error';

export interface FleetRow {
  clusterId: string;
  name: string;
  /** As last known: the list's, or the snapshot error's `current_status`. */
  status: ClusterStatus;
  gpuType: string;
  gpuCount: number;
  state: RowState;
  cells: GpuCell[];
  /** The snapshot's time (server clock, ISO). */
  readAt: string | null;
  error: NormalizedError | null;
}

export type SnapshotEvent = { ok: true; value: MetricsSnapshot } | { ok: false; error: NormalizedError };

const num = (v: number | undefined): number | null => (v === undefined || !Number.isFinite(v) ? null : v);

/** One cell per GPU of the cluster (its count from the record), valued from the snapshot where it has the GPU. */
function gpuCells(gpuCount: number, snapshot: MetricsSnapshot | null): GpuCell[] {
  const gpu = snapshot?.gpu;
  return Array.from({ length: gpuCount }, (_, index) => {
    const id = gpuId(index);
    return {
      gpuId: id,
      index,
      utilization: num(gpu?.utilization[id]),
      temperature: num(gpu?.temperature?.[id]),
      power: num(gpu?.power?.[id]),
      memoryUsed: num(gpu?.memory[id]?.used),
      memoryTotal: num(gpu?.memory[id]?.total),
    };
  });
}

/** The status a snapshot's 409 INVALID_STATE names (the cluster stopped since the list was read). */
function statusOfError(error: NormalizedError): ClusterStatus | null {
  if (error.code !== 'INVALID_STATE') return null;
  const current = error.details?.['current_status'];
  return typeof current === 'string' ? (current as ClusterStatus) : null;
}

/** Order: live clusters first (by name), then the others (by name): what has data leads. */
export function fleetRows(clusters: readonly Cluster[], events: ReadonlyMap<string, SnapshotEvent>): FleetRow[] {
  const rows = clusters.map((c): FleetRow => {
    const base = { clusterId: c.id, name: c.name, status: c.status, gpuType: c.gpu.type, gpuCount: c.gpu.count };
    if (!hasLiveData(c.status)) return { ...base, state: 'no-data', cells: gpuCells(c.gpu.count, null), readAt: null, error: null };
    const event = events.get(c.id);
    if (!event) return { ...base, state: 'loading', cells: gpuCells(c.gpu.count, null), readAt: null, error: null };
    if (event.ok) return { ...base, state: 'live', cells: gpuCells(c.gpu.count, event.value), readAt: event.value.timestamp, error: null };
    const now = statusOfError(event.error);
    return now
      ? { ...base, status: now, state: 'no-data', cells: gpuCells(c.gpu.count, null), readAt: null, error: null }
      : { ...base, state: 'error', cells: gpuCells(c.gpu.count, null), readAt: null, error: event.error };
  });
  const live = (r: FleetRow) => (r.state === 'no-data' ? 1 : 0);
  return rows.sort((a, b) => live(a) - live(b) || a.name.localeCompare(b.name));
}

/** What a row without live data says: "stopped — no live data". */
export function noDataText(status: ClusterStatus): string {
  if (status === 'starting') return 'starting — no live data yet';
  return `${status} — no live data`;
}

export type HeatMetric = 'utilization' | 'temperature';

export interface ColourScale {
  metric: HeatMetric;
  unit: string;
  min: number;
  max: number;
  /** Colour stops from min to max (positions 0–1). */
  stops: ColourStops;
  /** Values the legend names. */
  ticks: readonly number[];
}

/**
 * Utilisation: viridis (dark violet → yellow), perceptually even and readable for the common
 * colour-vision deficiencies. Temperature: blue → pale yellow → red (ColorBrewer RdYlBu),
 * with red from the lowest throttle threshold of the GPU types (80 °C).
 */
export const SCALES: Readonly<Record<HeatMetric, ColourScale>> = {
  utilization: {
    metric: 'utilization',
    unit: '%',
    min: 0,
    max: 100,
    stops: VIRIDIS,
    ticks: [0, 25, 50, 75, 100],
  },
  temperature: {
    metric: 'temperature',
    unit: '°C',
    min: 25,
    max: 90,
    stops: [
      [0, '#313695'],
      [0.25, '#74add1'],
      [0.5, '#ffffbf'],
      [0.75, '#fdae61'],
      [0.85, '#f46d43'],
      [1, '#a50026'],
    ],
    ticks: [25, 40, 55, 70, 90],
  },
};

/** The value's colour on the scale (clamped to its ends), interpolated between stops in sRGB. */
export function scaleColour(scale: ColourScale, value: number): string {
  return colourAt(scale.stops, (value - scale.min) / (scale.max - scale.min));
}

export { textOn };

/** The CSS gradient of the legend bar. */
export function legendGradient(scale: ColourScale): string {
  return stopsGradient(scale.stops);
}

export const cellValue = (cell: GpuCell, metric: HeatMetric) => (metric === 'utilization' ? cell.utilization : cell.temperature);

/** The number in a cell: "87" (%), "71°". */
export function cellLabel(cell: GpuCell, metric: HeatMetric): string {
  const v = cellValue(cell, metric);
  if (v === null) return '–';
  return metric === 'utilization' ? `${Math.round(v)}` : `${Math.round(v)}°`;
}

/** Fleet-wide figures over the live cells: GPUs shown, mean utilisation, hottest GPU. */
export function fleetSummary(rows: readonly FleetRow[]): {
  gpus: number;
  meanUtilization: number | null;
  hottest: { row: FleetRow; cell: GpuCell } | null;
} {
  let gpus = 0;
  let sum = 0;
  let n = 0;
  let hottest: { row: FleetRow; cell: GpuCell } | null = null;
  for (const row of rows) {
    if (row.state !== 'live') continue;
    for (const cell of row.cells) {
      gpus += 1;
      if (cell.utilization !== null) {
        sum += cell.utilization;
        n += 1;
      }
      if (cell.temperature !== null && (!hottest || cell.temperature > (hottest.cell.temperature ?? -Infinity))) hottest = { row, cell };
    }
  }
  return { gpus, meanUtilization: n > 0 ? sum / n : null, hottest };
}
