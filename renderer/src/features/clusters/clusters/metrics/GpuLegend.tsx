// The GPU legend and readout in one table (as nvidia-smi lists GPUs): one row per GPU with its
// colour, a toggle that hides or shows its series in every chart, and its values at the
// crosshair's time (the latest reading when not hovering).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useCrosshair, type Crosshair } from '../../../../components/MetricChart';
import { formatTime, readoutTime, valueAt } from './readout';
import { formatValue, GPU_METRICS, gpuSeriesKey, seriesColor } from './series';
import type { SeriesSet } from './series-set';
import { gpuLabel } from '../../../../../../shared/api/clusters/metrics';

export interface GpuLegendProps {
  gpuIds: readonly string[];
  hidden: ReadonlySet<string>;
  onToggle(gpu: string): void;
  onShowAll(): void;
  set: SeriesSet;
  crosshair: Crosshair;
  maxGap: number;
  withDate: boolean;
}

const COLUMNS = `minmax(120px, 1.2fr) repeat(${GPU_METRICS.length}, minmax(84px, 1fr))`;

export function GpuLegend({ gpuIds, hidden, onToggle, onShowAll, set, crosshair, maxGap, withDate }: GpuLegendProps) {
  const hover = useCrosshair(crosshair);
  const at = readoutTime(hover, set, maxGap);
  return (
    <Box
      role="table"
      aria-label="GPUs"
      data-testid="gpu-legend"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto', bgcolor: 'background.paper' }}
    >
      <Box role="rowgroup">
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            alignItems: 'center',
            px: 1,
            minHeight: 36,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box role="columnheader" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" data-testid="readout-time" noWrap>
              {at !== null
                ? `${hover === null ? 'Latest' : 'At'} ${formatTime(at, withDate)}`
                : hover === null
                  ? 'No readings'
                  : `No reading near ${formatTime(hover, withDate)}`}
            </Typography>
          </Box>
          {GPU_METRICS.map((m) => (
            <Typography key={m.id} role="columnheader" variant="caption" color="text.secondary" sx={{ textAlign: 'right', pr: 1 }} noWrap>
              {m.title.replace(/^GPU /, '').replace(/^./, (c) => c.toUpperCase())}
            </Typography>
          ))}
        </Box>
      </Box>
      <Box role="rowgroup">
        {gpuIds.map((gpu, i) => {
          const shown = !hidden.has(gpu);
          const label = gpuLabel(gpu);
          return (
            <Box
              key={gpu}
              role="row"
              data-testid={`gpu-row-${gpu}`}
              sx={{ display: 'grid', gridTemplateColumns: COLUMNS, alignItems: 'center', px: 1, minHeight: 32, opacity: shown ? 1 : 0.55 }}
            >
              <Box role="cell" sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <Checkbox
                  size="small"
                  checked={shown}
                  onChange={() => onToggle(gpu)}
                  slotProps={{ input: { 'aria-label': `Show ${label}` } }}
                  sx={{ p: 0.5, color: seriesColor(i), '&.Mui-checked': { color: seriesColor(i) } }}
                />
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                  {label}
                </Typography>
              </Box>
              {GPU_METRICS.map((m) => (
                <Typography
                  key={m.id}
                  role="cell"
                  variant="body2"
                  sx={{ textAlign: 'right', pr: 1, fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`readout-${m.id}-${gpu}`}
                  noWrap
                >
                  {formatValue(valueAt(set, gpuSeriesKey(m.id, gpu), at), m.unit, m.digits)}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
      {hidden.size > 0 && (
        <Box sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
          <Button size="small" onClick={onShowAll}>
            Show all GPUs
          </Button>
        </Box>
      )}
    </Box>
  );
}
