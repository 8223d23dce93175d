// The cluster's live GPU metrics dashboard: ranges (live 5 m / 15 m / 1 h, historical 6 h /
// 24 h / 7 d / custom), pause, the GPU legend and readout, one chart per GPU metric with one
// series per GPU, the host's charts, custom metrics and the processes of the last snapshot.
// All charts share the crosshair and the GPUs hidden in the legend. `?gpu=gpu_3` opens with
// that GPU alone shown (the fleet view's click), `?at=<time>&gpu=…` around that moment (a log
// line's link, moment.ts), marked on every chart; the legend shows the others again.
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Cluster } from '../../../../../../shared/api/clusters/cluster';
import { gpuId, gpuLabel, INTERVAL_MS } from '../../../../../../shared/api/clusters/metrics';
import { createCrosshair, MetricChart, useCrosshair, type Crosshair, type MetricSeries } from '../../../../components/MetricChart';
import { ErrorState, EmptyState } from '../../../../components/StateViews';
import { serverNow } from '../../../../platform/server-clock';
import { parseHash } from '../../../../platform/navigation/hash-router';
import { METRICS_AT_PARAM, METRICS_GPU_PARAM } from '../../../../platform/navigation/links';
import { openLogWindow } from '../../../../platform/navigation/open-window';
import { hiddenExcept, readMoment } from './moment';
import { CustomRangeDialog } from './CustomRangeDialog';
import { LiveNotice } from './LiveNotice';
import { RefreshPaceNote } from '../../../../components/RefreshPaceNote';
import { ProcessesTable } from './ProcessesTable';
import { RANGES, rangeOption, type RangeId } from './ranges';
import { formatTime, readoutTime, valueAt } from './readout';
import { customNames, customSeriesKey, formatValue, GPU_METRICS, gpuSeriesKey, HOST_CHARTS, seriesColor } from './series';
import { GpuLegend } from './GpuLegend';
import { useMetricsData, type MetricsWindow } from './use-metrics-data';
import type { SeriesSet } from './series-set';

const HOUR = 3_600_000;
const HOST_COLORS = ['#4e79a7', '#f28e2b'];
const NONE: ReadonlySet<string> = new Set();

function subscribeHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const momentKey = () => {
  const q = parseHash(window.location.hash).query;
  return `${q.get(METRICS_AT_PARAM) ?? ''}|${q.get(METRICS_GPU_PARAM) ?? ''}`;
};

function HostAside({
  set,
  keys,
  crosshair,
  unit,
  digits,
  maxGap,
}: {
  set: SeriesSet;
  keys: ReadonlyArray<{ key: string; label: string }>;
  crosshair: Crosshair;
  unit: string;
  digits: number;
  maxGap: number;
}) {
  const at = readoutTime(useCrosshair(crosshair), set, maxGap);
  return (
    <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {keys.map((k) => `${keys.length > 1 ? `${k.label} ` : ''}${formatValue(valueAt(set, k.key, at), unit, digits)}`).join(' · ')}
    </Typography>
  );
}

export function MetricsTab({ cluster }: { cluster: Cluster }) {
  const gpus = useMemo(() => Array.from({ length: cluster.gpu.count }, (_, i) => gpuId(i)), [cluster.gpu.count]);
  const [rangeId, setRangeId] = useState<RangeId>('5m');
  const [custom, setCustom] = useState<{ start: number; end: number } | null>(null);
  const [customOpen, setCustomOpen] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hiddenGpus, setHiddenGpus] = useState<ReadonlySet<string>>(NONE);
  /** The moment a link opened the dashboard at, marked on the charts. */
  const [marker, setMarker] = useState<number | null>(null);
  const crosshair = useMemo(() => createCrosshair(), []);

  // A link to a moment (a log line's time and GPU) sets the range and the GPUs shown, also
  // when it arrives while the dashboard is open.
  const momentQuery = useSyncExternalStore(subscribeHash, momentKey);
  useEffect(() => {
    const query = parseHash(document.location.hash).query;
    const moment = readMoment(query, serverNow(), gpus);
    setMarker(moment?.at ?? null);
    if (!moment) {
      // `?gpu=` alone (the fleet view's click): the live range, that GPU alone.
      const gpu = query.get(METRICS_GPU_PARAM);
      if (gpu && gpus.includes(gpu)) setHiddenGpus(hiddenExcept(gpus, gpu));
      return;
    }
    setCustom(moment.range);
    setRangeId('custom');
    setHiddenGpus(moment.gpu ? hiddenExcept(gpus, moment.gpu) : NONE);
  }, [momentQuery, gpus]);

  /** The cluster's log window from the minute of `t` (a chart's time under the pointer): the one already open, if any. */
  const openLogsAt = (t: number | null) => {
    if (t !== null) void openLogWindow([{ kind: 'cluster', id: cluster.id }], Math.floor(t / 60_000) * 60_000);
  };

  const option = rangeOption(rangeId);
  const live = option?.live ?? false;
  const window = useMemo<MetricsWindow>(
    () => (option ? (option.live ? { live: true, ms: option.ms } : { live: false, ms: option.ms }) : { live: false, ...custom! }),
    [option, custom],
  );
  const data = useMetricsData(cluster.id, window, paused);
  const { set, version, xMin, xMax } = data;
  const span = xMax - xMin;
  const withDate = span > 20 * HOUR || !live;
  // The readout takes the nearest point within this distance: one bucket, or a minute and a half live.
  const maxGap = data.interval ? INTERVAL_MS[data.interval] * 1.5 : 90_000;

  const hiddenKeys = useMemo(() => {
    const keys = new Set<string>();
    for (const g of hiddenGpus) for (const m of GPU_METRICS) keys.add(gpuSeriesKey(m.id, g));
    return keys;
  }, [hiddenGpus]);

  // New arrays each version: the set may have cut a buffer's head (a new array to hand over).
  const gpuSeries = useMemo(
    () =>
      GPU_METRICS.map((m) =>
        gpus.map<MetricSeries>((g, i) => ({
          key: gpuSeriesKey(m.id, g),
          label: gpuLabel(g),
          color: seriesColor(i),
          data: set.data(gpuSeriesKey(m.id, g)),
        })),
      ),
    [gpus, set, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const hostSeries = useMemo(
    () =>
      HOST_CHARTS.map((c) =>
        c.series.map<MetricSeries>((s, i) => ({
          key: s.key,
          label: s.label,
          color: HOST_COLORS[i]!,
          data: set.data(s.key),
          source: set.source(s.key),
        })),
      ),
    [set, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const customs = useMemo(() => {
    const fromSet = set
      .keys()
      .filter((k) => k.startsWith('custom:') && set.has(k))
      .map((k) => k.slice('custom:'.length));
    return [...new Set([...fromSet, ...customNames(data.latest ?? undefined)])].sort();
  }, [set, version, data.latest]); // eslint-disable-line react-hooks/exhaustive-deps
  const hasData = useMemo(() => set.keys().some((k) => set.has(k)), [set, version]); // eslint-disable-line react-hooks/exhaustive-deps

  const selectRange = (id: RangeId | null) => {
    // "Custom…" opens its dialog (its own click, also when it is already the range).
    if (!id || id === 'custom') return;
    setRangeId(id);
  };
  const toggleGpu = (g: string) =>
    setHiddenGpus((prev) => {
      const next = new Set(prev);
      if (!next.delete(g)) next.add(g);
      return next;
    });

  const stateLine = live
    ? paused
      ? 'Paused: the charts keep what they show'
      : data.liveError
        ? 'Live · no live data'
        : data.latest
          ? `Live · last reading ${formatTime(Date.parse(data.latest.timestamp), false)}`
          : 'Live'
    : data.interval
      ? `${rangeId === 'custom' && custom ? `${formatTime(custom.start, true)} – ${formatTime(custom.end, true)}` : option?.words[0]!.toUpperCase() + (option?.words.slice(1) ?? '')}, one point per ${data.interval.replace('m', ' min').replace('h', ' h').replace('d', ' day')}`
      : '';

  const chartSpec = (unit: string, digits: number, extra: { yMax?: number; beginAtZero?: boolean; bandFrom?: number }) => ({
    beginAtZero: extra.beginAtZero ?? true,
    yMax: extra.yMax,
    bandFrom: extra.bandFrom,
    formatY: (v: number) => formatValue(v, unit, unit === 'MB/s' ? 1 : 0).replace(/\.0 /, ' '),
  });

  return (
    <Stack spacing={2} sx={{ overflowY: 'auto', pb: 2, pr: 0.5, '& > *': { flexShrink: 0 } }} data-testid="metrics-tab">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={rangeId}
          onChange={(_, v: RangeId | null) => selectRange(v)}
          aria-label="Time range"
        >
          {RANGES.map((r) => (
            <ToggleButton key={r.id} value={r.id} aria-label={r.words} data-testid={`range-${r.id}`} sx={{ px: 1.5 }}>
              {r.label}
            </ToggleButton>
          ))}
          <ToggleButton
            value="custom"
            aria-label="custom range"
            data-testid="range-custom"
            sx={{ px: 1.5 }}
            onClick={() => setCustomOpen(true)}
          >
            Custom…
          </ToggleButton>
        </ToggleButtonGroup>
        {live && (
          <Button
            size="small"
            variant="outlined"
            startIcon={paused ? <PlayArrow /> : <Pause />}
            onClick={() => setPaused((p) => !p)}
            data-testid="live-pause"
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="metrics-state" noWrap sx={{ minWidth: 0 }}>
          {stateLine}
        </Typography>
        {marker !== null && (
          <Typography variant="body2" color="text.secondary" data-testid="moment-note" noWrap sx={{ minWidth: 0 }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                height: 12,
                mr: 0.75,
                verticalAlign: -1,
                borderLeft: 2,
                borderLeftStyle: 'dashed',
                borderColor: 'warning.main',
              }}
            />
            Marked: {formatTime(marker, false)}
          </Typography>
        )}
        {hasData && gpus.length > 0 && (
          <Typography variant="caption" color="text.secondary" noWrap sx={{ ml: 'auto', minWidth: 0 }}>
            Click a GPU chart to see that minute&apos;s logs
          </Typography>
        )}
      </Box>
      <RefreshPaceNote pace={data.pace} following={live && !paused} />
      <Box sx={{ height: 4 }}>{data.loading && hasData && <LinearProgress aria-label="Loading metrics" />}</Box>

      {live && data.liveError && <LiveNotice error={data.liveError} onShowHistory={() => setRangeId('24h')} onRetry={data.retry} />}

      {data.error ? (
        <ErrorState title="Could not read the metrics" error={data.error} onRetry={data.retry} />
      ) : data.loading && !hasData ? (
        <Box aria-busy aria-label="Loading metrics" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
          {GPU_METRICS.map((m) => (
            <Skeleton key={m.id} variant="rounded" height={200} />
          ))}
        </Box>
      ) : !hasData ? (
        <Box sx={{ py: 4 }}>
          <EmptyState title="No readings in this range">
            {live
              ? 'The cluster had no live data in this window. Choose a longer or historical range to see what was recorded.'
              : 'The cluster was not running in this range (or it is older than its last start). Choose another range.'}
          </EmptyState>
        </Box>
      ) : (
        <>
          {gpus.length > 0 && (
            <GpuLegend
              gpuIds={gpus}
              hidden={hiddenGpus}
              onToggle={toggleGpu}
              onShowAll={() => setHiddenGpus(NONE)}
              set={set}
              crosshair={crosshair}
              maxGap={maxGap}
              withDate={withDate}
            />
          )}
          {gpus.length > 0 && (
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))' }}
              // A spike's minute links to the cluster's logs of that minute (the time under the shared crosshair).
              onClick={() => openLogsAt(crosshair.get())}
              title="Click a chart to open this cluster's logs at that minute"
              data-testid="gpu-charts"
            >
              {GPU_METRICS.map((m, i) => (
                <Paper key={m.id} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
                  <MetricChart
                    title={m.title}
                    aside={
                      m.band && (
                        <Typography variant="caption" color="error.main">
                          {m.band.label}
                        </Typography>
                      )
                    }
                    series={gpuSeries[i]!}
                    xMin={xMin}
                    xMax={xMax}
                    hidden={hiddenKeys}
                    version={version}
                    spec={chartSpec(m.unit, m.digits, { yMax: m.yMax, beginAtZero: m.beginAtZero, bandFrom: m.band?.from })}
                    crosshair={crosshair}
                    marker={marker}
                    testId={`metric-chart-${m.id}`}
                    description={`${m.title} (${m.unit}), one line per GPU`}
                  />
                </Paper>
              ))}
            </Box>
          )}
          <Typography variant="subtitle1" component="h2">
            Host
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(440px, 1fr))' }}>
            {HOST_CHARTS.map((c, i) => (
              <Paper key={c.id} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
                <MetricChart
                  title={c.title}
                  aside={<HostAside set={set} keys={c.series} crosshair={crosshair} unit={c.unit} digits={c.digits} maxGap={maxGap} />}
                  series={hostSeries[i]!}
                  xMin={xMin}
                  xMax={xMax}
                  hidden={NONE}
                  version={version}
                  spec={chartSpec(c.unit, c.digits, { yMax: c.yMax })}
                  crosshair={crosshair}
                  marker={marker}
                  height={140}
                  testId={`metric-chart-${c.id}`}
                  description={`${c.title} (${c.unit})`}
                />
              </Paper>
            ))}
          </Box>
          {customs.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h2">
                Custom metrics
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
                {customs.map((name) => {
                  const key = customSeriesKey(name);
                  return (
                    <Paper key={name} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
                      <MetricChart
                        title={name}
                        aside={
                          <HostAside set={set} keys={[{ key, label: name }]} crosshair={crosshair} unit="" digits={2} maxGap={maxGap} />
                        }
                        series={[{ key, label: name, color: HOST_COLORS[0]!, data: set.data(key), source: set.source(key) }]}
                        xMin={xMin}
                        xMax={xMax}
                        hidden={NONE}
                        version={version}
                        spec={{ beginAtZero: false, formatY: (v) => v.toLocaleString('en-US', { maximumFractionDigits: 2 }) }}
                        crosshair={crosshair}
                        marker={marker}
                        height={110}
                        testId={`custom-chart-${name}`}
                        description={`Custom metric ${name}`}
                      />
                    </Paper>
                  );
                })}
              </Box>
            </>
          )}
        </>
      )}

      <ProcessesTable
        processes={data.latest?.processes ?? null}
        asOf={data.latest ? `as of ${formatTime(Date.parse(data.latest.timestamp), !live)}` : null}
        note={
          data.liveError
            ? 'No live snapshot: processes show while the cluster is running, stopping or restarting.'
            : live
              ? 'No snapshot yet: processes show while the cluster has live data.'
              : 'Processes come with live snapshots: choose a live range.'
        }
      />

      <CustomRangeDialog
        open={customOpen}
        initial={custom ?? { start: serverNow() - 2 * HOUR, end: serverNow() }}
        onClose={() => setCustomOpen(false)}
        onApply={(r) => {
          setCustom(r);
          setRangeId('custom');
          setCustomOpen(false);
        }}
      />
    </Stack>
  );
}
