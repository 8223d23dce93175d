// What the dashboard draws, read from the API's shapes: one series per GPU for each GPU
// metric, the host's series, and one per custom metric. A snapshot and a historical data
// point have the same categories, so one reader serves the live and the historical ranges.
import type { MetricsDataPoint, MetricsSnapshot } from '../../../../../../shared/api/clusters/metrics';
import type { Point } from './ring-buffer';

type Categories = Pick<MetricsSnapshot, 'gpu' | 'cpu' | 'storage' | 'network' | 'custom_metrics'>;
type Gpu = NonNullable<MetricsSnapshot['gpu']>;

const GIB = 2 ** 30;
const MB = 1_000_000;

/**
 * The temperature from which GPUs throttle their clocks. The API does not say it per GPU (the
 * emulator's types throttle from 80–83 °C): the band starts at the lowest, see docs/decisions.md.
 */
const HOT_THRESHOLD_C = 80;

export interface GpuMetricDef {
  id: 'utilization' | 'memory' | 'temperature' | 'power' | 'sm_clock' | 'mem_clock';
  title: string;
  unit: string;
  read(gpu: Gpu, id: string): number | undefined;
  /** Fixed y range where the metric has one (percentages). */
  yMax?: number;
  beginAtZero: boolean;
  digits: number;
  band?: { from: number; label: string };
}

export const GPU_METRICS: readonly GpuMetricDef[] = [
  { id: 'utilization', title: 'GPU utilization', unit: '%', read: (g, id) => g.utilization[id], yMax: 100, beginAtZero: true, digits: 0 },
  { id: 'memory', title: 'GPU memory used', unit: 'GiB', read: (g, id) => div(g.memory[id]?.used, GIB), beginAtZero: true, digits: 1 },
  {
    id: 'temperature',
    title: 'GPU temperature',
    unit: '°C',
    read: (g, id) => g.temperature?.[id],
    beginAtZero: false,
    digits: 0,
    band: { from: HOT_THRESHOLD_C, label: `Throttling from ${HOT_THRESHOLD_C} °C` },
  },
  { id: 'power', title: 'GPU power', unit: 'W', read: (g, id) => g.power?.[id], beginAtZero: true, digits: 0 },
  { id: 'sm_clock', title: 'SM clock', unit: 'MHz', read: (g, id) => g.clock_speeds[id]?.graphics_clock, beginAtZero: false, digits: 0 },
  { id: 'mem_clock', title: 'Memory clock', unit: 'MHz', read: (g, id) => g.clock_speeds[id]?.memory_clock, beginAtZero: false, digits: 0 },
];

export interface HostChartDef {
  id: 'cpu' | 'host_memory' | 'disk_io' | 'network';
  title: string;
  unit: string;
  yMax?: number;
  digits: number;
  series: ReadonlyArray<{ key: string; label: string }>;
}

export const HOST_CHARTS: readonly HostChartDef[] = [
  { id: 'cpu', title: 'CPU utilization', unit: '%', yMax: 100, digits: 0, series: [{ key: 'cpu.utilization', label: 'CPU' }] },
  { id: 'host_memory', title: 'Host memory used', unit: 'GiB', digits: 1, series: [{ key: 'host.memory', label: 'Memory' }] },
  {
    id: 'disk_io',
    title: 'Disk I/O',
    unit: 'MB/s',
    digits: 1,
    series: [
      { key: 'disk.read', label: 'Read' },
      { key: 'disk.write', label: 'Write' },
    ],
  },
  {
    id: 'network',
    title: 'Network',
    unit: 'MB/s',
    digits: 2,
    series: [
      { key: 'net.rx', label: 'Received' },
      { key: 'net.tx', label: 'Sent' },
    ],
  },
];

export const gpuSeriesKey = (metric: GpuMetricDef['id'], gpu: string) => `${metric}:${gpu}`;
export const customSeriesKey = (name: string) => `custom:${name}`;

function div(v: number | undefined, by: number): number | undefined {
  return v === undefined ? undefined : v / by;
}

/** A network counter reading, kept to turn the next one into a rate. */
export interface NetworkReading {
  t: number;
  sent: number;
  received: number;
}

/** Every value a snapshot or data point holds, by series key (network rates need the previous reading). */
export function readValues(
  data: Categories,
  t: number,
  previous: NetworkReading | null,
): { values: Map<string, number>; network: NetworkReading | null } {
  const values = new Map<string, number>();
  const gpu = data.gpu;
  if (gpu) {
    for (const id of Object.keys(gpu.utilization)) {
      for (const m of GPU_METRICS) {
        const v = m.read(gpu, id);
        if (v !== undefined && Number.isFinite(v)) values.set(gpuSeriesKey(m.id, id), v);
      }
    }
  }
  if (data.cpu) {
    values.set('cpu.utilization', data.cpu.utilization);
    values.set('host.memory', data.cpu.memory_used / GIB);
  }
  if (data.storage) {
    values.set('disk.read', data.storage.io_stats.read_bytes_per_sec / MB);
    values.set('disk.write', data.storage.io_stats.write_bytes_per_sec / MB);
  }
  let network: NetworkReading | null = null;
  if (data.network) {
    network = { t, sent: data.network.bytes_sent, received: data.network.bytes_received };
    const rates = networkRates(previous, network);
    if (rates) {
      values.set('net.rx', rates.rx / MB);
      values.set('net.tx', rates.tx / MB);
    }
  }
  for (const [name, v] of Object.entries(data.custom_metrics ?? {})) values.set(customSeriesKey(name), v);
  return { values, network };
}

/**
 * Bytes per second between two counter readings; none when they do not follow each other
 * (same time, or a counter that went back: the interfaces came up again with a new run).
 * @internal Exported for its tests only.
 */
export function networkRates(previous: NetworkReading | null, current: NetworkReading): { rx: number; tx: number } | null {
  if (!previous) return null;
  const seconds = (current.t - previous.t) / 1000;
  const rx = current.received - previous.received;
  const tx = current.sent - previous.sent;
  if (!(seconds > 0) || rx < 0 || tx < 0) return null;
  return { rx: rx / seconds, tx: tx / seconds };
}

/** Series of historical data points (the API leaves out buckets without live minutes: a gap, no point). */
export function historySeries(points: readonly MetricsDataPoint[]): Map<string, Point[]> {
  const out = new Map<string, Point[]>();
  let previous: NetworkReading | null = null;
  for (const p of points) {
    const t = Date.parse(p.timestamp);
    const { values, network } = readValues(p, t, previous);
    previous = network;
    for (const [key, y] of values) {
      let series = out.get(key);
      if (!series) out.set(key, (series = []));
      series.push({ x: t, y });
    }
  }
  return out;
}

export function customNames(data: Categories | undefined): string[] {
  return Object.keys(data?.custom_metrics ?? {}).sort();
}

/** Colours that stay apart on light and dark backgrounds (Tableau 10), then golden-angle hues. */
export { seriesColor } from '../../../../lib/series-colours';

const NUMBER_FORMATS = new Map<number, Intl.NumberFormat>();

export function formatValue(v: number | undefined, unit: string, digits: number): string {
  if (v === undefined) return '–';
  let format = NUMBER_FORMATS.get(digits);
  if (!format)
    NUMBER_FORMATS.set(digits, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  const n = format.format(v);
  return unit === '%' ? `${n}%` : `${n} ${unit}`;
}
