// /clusters/fleet: every cluster's GPUs at a glance — a heat map with one row per cluster and
// one cell per GPU, of utilisation or temperature (or both side by side), from each cluster's
// current snapshot. Hovering or focusing a cell shows the GPU's figures; a click opens the
// cluster's metrics dashboard showing that GPU. Clusters without live data keep their row.
// Cells are plain buttons styled by one rule of the grid (no per-cell styled component), so
// 40 clusters × 8 GPUs render and update in a few milliseconds.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { navigate } from '../../../../platform/navigation/hash-router';
import { WhyButton } from '../../../../components/WhyButton';
import { useUrlState } from '../../../../platform/navigation/url-state';
import { useIntent } from '../../../../platform/page-hooks';
import { StaleBanner } from '../../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../../components/StateViews';
import { gpuName } from '../../../../lib/format';
import { relativeTime } from '../../../../platform/relative-time';
import { clusterPath } from '../cluster-route';
import { ClusterStatusChip } from '../ClusterStatusChip';
import { useClusters } from '../clusters-store';
import { ClustersViewSwitch } from '../ClustersViewSwitch';
import {
  cellLabel,
  cellValue,
  FLEET_READS_PER_HOUR,
  fleetSummary,
  legendGradient,
  noDataText,
  SCALES,
  scaleColour,
  textOn,
  type FleetRow,
  type GpuCell,
  type HeatMetric,
} from './fleet-model';
import { useFleet } from './use-fleet';
import { gpuLabel } from '../../../../../../shared/api/clusters/metrics';

type Shown = HeatMetric | 'both';
const SHOWN: Array<{ value: Shown; label: string }> = [
  { value: 'utilization', label: 'Utilization' },
  { value: 'temperature', label: 'Temperature' },
  { value: 'both', label: 'Side by side' },
];
const isShown = (v: string): v is Shown => SHOWN.some((s) => s.value === v);

const CELL = 40;
const GIB = 2 ** 30;
const gib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / GIB).toFixed(1)} GiB`);
/** "30 s", "11 min 24 s". */
const every = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
};

function Legend({ metric }: { metric: HeatMetric }) {
  const scale = SCALES[metric];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`fleet-legend-${metric}`}>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 84 }}>
        {metric === 'utilization' ? 'Utilization' : 'Temperature'}
      </Typography>
      <Box sx={{ width: 220, mx: 1.5 }}>
        <Box sx={{ height: 10, borderRadius: 0.5, background: legendGradient(scale), border: 1, borderColor: 'divider' }} aria-hidden />
        <Box sx={{ position: 'relative', height: 16 }}>
          {scale.ticks.map((t) => (
            <Typography
              key={t}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                left: `${(100 * (t - scale.min)) / (scale.max - scale.min)}%`,
                transform: 'translateX(-50%)',
                fontSize: 11,
              }}
            >
              {t}
              {scale.unit}
            </Typography>
          ))}
        </Box>
      </Box>
      {metric === 'temperature' && (
        <Typography variant="caption" color="text.secondary">
          throttling from about 80 °C
        </Typography>
      )}
    </Stack>
  );
}

/** A row's cells change only with a new reading or state (the rows are rebuilt on every cluster's reading). */
const sameCells = (a: { row: FleetRow; metric: HeatMetric }, b: { row: FleetRow; metric: HeatMetric }) =>
  a.metric === b.metric &&
  a.row.clusterId === b.row.clusterId &&
  a.row.readAt === b.row.readAt &&
  a.row.state === b.row.state &&
  a.row.status === b.row.status &&
  a.row.gpuCount === b.row.gpuCount &&
  a.row.error === b.row.error &&
  a.row.name === b.row.name;

const HeatRow = memo(function HeatRow({ row, metric }: { row: FleetRow; metric: HeatMetric }) {
  if (row.state === 'no-data' || row.state === 'error' || row.state === 'loading') {
    return (
      <Box className="fleet-nodata" style={{ minWidth: Math.max(180, row.gpuCount * (CELL + 2) - 2) }}>
        {row.state === 'loading'
          ? 'reading…'
          : row.state === 'error'
            ? `could not read: ${row.error?.message ?? ''}`
            : noDataText(row.status)}
        {row.state === 'error' && <WhyButton error={row.error} />}
      </Box>
    );
  }
  return (
    <Box className="fleet-cells" role="group" aria-label={`${row.name}: GPU ${metric}`}>
      {row.cells.map((cell) => {
        const v = cellValue(cell, metric);
        const bg = v === null ? undefined : scaleColour(SCALES[metric], v);
        return (
          <button
            key={cell.gpuId}
            type="button"
            className="fleet-cell"
            data-cluster={row.clusterId}
            data-gpu={cell.gpuId}
            data-metric={metric}
            data-testid={`fleet-cell-${row.clusterId}-${cell.gpuId}`}
            aria-label={`${row.name} ${gpuLabel(cell.index)}: ${cellLabel(cell, metric)}${metric === 'utilization' ? '%' : 'C'}; open metrics`}
            style={bg ? { background: bg, color: textOn(bg) } : undefined}
          >
            {cellLabel(cell, metric)}
          </button>
        );
      })}
    </Box>
  );
}, sameCells);

const RowLabel = memo(function RowLabel({
  clusterId,
  name,
  status,
  gpuCount,
  gpuType,
}: {
  clusterId: string;
  name: string;
  status: FleetRow['status'];
  gpuCount: number;
  gpuType: string;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link href={`#${clusterPath(clusterId, 'metrics')}`} underline="hover" sx={{ fontWeight: 600, display: 'block' }} noWrap>
          {name}
        </Link>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {gpuCount} × {gpuName(gpuType)}
        </Typography>
      </Box>
      <ClusterStatusChip status={status} />
    </Stack>
  );
});

const GRID_SX = {
  overflow: 'auto',
  minHeight: 0,
  display: 'grid',
  columnGap: 3,
  rowGap: 0.75,
  alignItems: 'center',
  '& .fleet-cells': { display: 'flex', gap: '2px' },
  '& .fleet-cell': {
    width: CELL,
    height: CELL,
    p: 0,
    border: 0,
    borderRadius: '4px',
    font: 'inherit',
    fontSize: 12,
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    cursor: 'pointer',
    bgcolor: 'action.disabledBackground',
    color: 'text.secondary',
    outlineOffset: 1,
    boxShadow: (t: Theme) => `inset 0 0 0 1px ${t.palette.mode === 'dark' ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)'}`,
  },
  '& .fleet-cell:hover, & .fleet-cell:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'text.primary' },
  '& .fleet-nodata': {
    height: CELL,
    display: 'flex',
    alignItems: 'center',
    px: 1.5,
    border: 1,
    borderStyle: 'dashed',
    borderColor: 'divider',
    borderRadius: '4px',
    color: 'text.secondary',
    fontSize: 13,
    whiteSpace: 'nowrap',
  },
} as const;

/**
 * The heat map itself, apart from the hover state: hovering re-renders only the card. Events
 * are delegated to the grid (one handler for every cell).
 */
/** The column names stay in view while a long fleet scrolls under them (the grid's box is the scroller). */
const HEADER_SX = { position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', py: 0.5 } as const;

const HeatGrid = memo(function HeatGrid({
  rows,
  metrics,
  onPoint,
  onLeave,
  onOpen,
}: {
  rows: readonly FleetRow[];
  metrics: readonly HeatMetric[];
  onPoint(target: EventTarget): void;
  onLeave(): void;
  onOpen(target: EventTarget): void;
}) {
  return (
    <Box
      onMouseOver={(e) => onPoint(e.target)}
      onMouseLeave={onLeave}
      onFocus={(e) => onPoint(e.target)}
      onBlur={onLeave}
      onClick={(e) => onOpen(e.target)}
      data-testid="fleet-heatmap"
      style={{ gridTemplateColumns: `minmax(220px, max-content) repeat(${metrics.length}, max-content) 1fr` }}
      sx={GRID_SX}
    >
      <Typography variant="caption" color="text.secondary" sx={HEADER_SX}>
        Cluster
      </Typography>
      {metrics.map((m) => (
        <Typography key={m} variant="caption" color="text.secondary" sx={HEADER_SX}>
          {m === 'utilization' ? 'GPU utilization (%)' : 'GPU temperature (°C)'}
        </Typography>
      ))}
      <Typography variant="caption" color="text.secondary" sx={{ ...HEADER_SX, textAlign: 'right' }}>
        Read
      </Typography>
      {rows.map((row) => (
        <Box key={row.clusterId} sx={{ display: 'contents' }} data-testid={`fleet-row-${row.clusterId}`} data-state={row.state}>
          <RowLabel clusterId={row.clusterId} name={row.name} status={row.status} gpuCount={row.gpuCount} gpuType={row.gpuType} />
          {metrics.map((m) => (
            <HeatRow key={m} row={row} metric={m} />
          ))}
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
            {row.readAt ? new Date(row.readAt).toLocaleTimeString() : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
});

function HoverCard({ row, cell }: { row: FleetRow; cell: GpuCell }) {
  const fig = (label: string, value: string) => (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
        {value}
      </Box>
    </>
  );
  const memPct = cell.memoryUsed !== null && cell.memoryTotal ? ` (${Math.round((100 * cell.memoryUsed) / cell.memoryTotal)}%)` : '';
  return (
    <Paper elevation={6} sx={{ p: 1.5, minWidth: 220 }} data-testid="fleet-hover">
      <Typography variant="subtitle2">
        {row.name} · {gpuLabel(cell.index)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {gpuName(row.gpuType)} · read {row.readAt ? relativeTime(row.readAt) : '–'}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.25, fontSize: 13 }}>
        {fig('Utilization', cell.utilization === null ? '–' : `${Math.round(cell.utilization)} %`)}
        {fig('Temperature', cell.temperature === null ? '–' : `${Math.round(cell.temperature)} °C`)}
        {fig('Power', cell.power === null ? '–' : `${Math.round(cell.power)} W`)}
        {fig('Memory', `${gib(cell.memoryUsed)} / ${gib(cell.memoryTotal)}${memPct}`)}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
        Click to open this GPU’s metrics
      </Typography>
    </Paper>
  );
}

/** The cell an event is on (hover, focus and click are delegated to the grid). */
function cellOf(target: EventTarget): { el: HTMLElement; clusterId: string; gpu: string } | null {
  const el = (target as HTMLElement).closest?.('.fleet-cell') as HTMLElement | null;
  const clusterId = el?.dataset['cluster'];
  const gpu = el?.dataset['gpu'];
  return el && clusterId && gpu ? { el, clusterId, gpu } : null;
}

export function FleetView() {
  const { rows, intervalMs, liveCount } = useFleet();
  const status = useClusters((s) => s.status);
  const error = useClusters((s) => s.error);
  const refreshing = useClusters((s) => s.refreshing);
  const loadedAt = useClusters((s) => s.loadedAt);
  const { load, ensureLoaded } = useClusters.getState();
  const [params, setParams] = useUrlState({ metric: 'utilization' });
  const shown: Shown = isShown(params.metric) ? params.metric : 'utilization';
  const metrics = useMemo<HeatMetric[]>(() => (shown === 'both' ? ['utilization', 'temperature'] : [shown]), [shown]);
  const [hover, setHover] = useState<{ el: HTMLElement; clusterId: string; gpu: string } | null>(null);

  useEffect(() => void ensureLoaded(), [ensureLoaded]);
  useIntent(
    'page:refresh',
    useCallback(() => void load(), [load]),
  );
  useEffect(() => {
    document.title = 'Fleet · Clusters · GPU Operator Console';
  }, []);

  const summary = useMemo(() => fleetSummary(rows), [rows]);
  const newest = useMemo(() => rows.reduce<string | null>((m, r) => (r.readAt && (!m || r.readAt > m) ? r.readAt : m), null), [rows]);
  const hovered = useMemo(() => {
    if (!hover) return null;
    const row = rows.find((r) => r.clusterId === hover.clusterId);
    const cell = row?.cells.find((c) => c.gpuId === hover.gpu);
    return row && cell && row.state === 'live' ? { row, cell } : null;
  }, [hover, rows]);

  const onPoint = useCallback((target: EventTarget) => {
    const c = cellOf(target);
    setHover((h) => (c ? (h?.el === c.el ? h : c) : null));
  }, []);
  const onLeave = useCallback(() => setHover(null), []);
  const onOpen = useCallback((target: EventTarget) => {
    const c = cellOf(target);
    if (c) navigate(`${clusterPath(c.clusterId, 'metrics')}?gpu=${encodeURIComponent(c.gpu)}`);
  }, []);

  const body =
    status === 'error' && rows.length === 0 && error ? (
      <ErrorState title="Could not load clusters" error={error} onRetry={() => void load()} />
    ) : rows.length === 0 && status !== 'ready' ? (
      <Stack spacing={1} aria-busy aria-label="Loading clusters">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={CELL} />
        ))}
      </Stack>
    ) : rows.length === 0 ? (
      <EmptyState title="No clusters yet">Clusters of this account appear here with their GPUs once they exist.</EmptyState>
    ) : (
      <HeatGrid rows={rows} metrics={metrics} onPoint={onPoint} onLeave={onLeave} onOpen={onOpen} />
    );

  return (
    <Stack spacing={2} sx={{ minHeight: 0, flex: 1 }} data-testid="fleet-view">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            Fleet
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every cluster’s GPUs at a glance. Click a GPU to open its cluster’s metrics.
          </Typography>
        </Box>
        <Tooltip title="Read the clusters list again">
          <span>
            <IconButton aria-label="Refresh clusters" onClick={() => void load()} disabled={refreshing}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
        <ClustersViewSwitch value="fleet" />
      </Stack>
      <StaleBanner
        error={rows.length > 0 ? error : null}
        title="Could not refresh the clusters"
        loadedAt={loadedAt}
        onRetry={() => void load()}
        retrying={refreshing}
      />
      <Stack direction="row" spacing={3} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={shown}
          onChange={(_, next: Shown | null) => next && setParams({ metric: next === 'utilization' ? null : next })}
          aria-label="Heat map metric"
        >
          {SHOWN.map((s) => (
            <ToggleButton key={s.value} value={s.value}>
              {s.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {metrics.map((m) => (
          <Legend key={m} metric={m} />
        ))}
      </Stack>
      {rows.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="fleet-summary">
          {liveCount} of {rows.length} clusters with live data · {summary.gpus} GPUs
          {summary.meanUtilization !== null && ` · mean utilization ${Math.round(summary.meanUtilization)}%`}
          {summary.hottest?.cell.temperature != null &&
            ` · hottest ${summary.hottest.row.name} ${gpuLabel(summary.hottest.cell.index)} at ${Math.round(summary.hottest.cell.temperature)} °C`}
          {newest && ` · last read ${relativeTime(newest)}`}
        </Typography>
      )}
      {/* The grid scrolls inside the paper, so its sticky column names stay at the top. */}
      <Paper variant="outlined" sx={{ p: 2, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
        {body}
      </Paper>
      <Typography variant="caption" color="text.secondary" data-testid="fleet-budget">
        Each cluster with live data is read every {every(intervalMs)} while this window is visible (at most {FLEET_READS_PER_HOUR} of the
        clusters API’s 1,000 reads an hour; a dashboard open on a cluster reads it more often). Paused while the window is hidden.
      </Typography>
      <Popper
        open={hovered !== null}
        anchorEl={hover?.el ?? null}
        placement="bottom-start"
        sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
      >
        {hovered && <HoverCard row={hovered.row} cell={hovered.cell} />}
      </Popper>
    </Stack>
  );
}
