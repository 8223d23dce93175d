// A job's live charts — loss (training and validation), learning rate, throughput — by step,
// drawn with the metrics dashboard's chart (components/MetricChart.tsx): one crosshair shared
// by the three with a readout of the values at its step, a legend whose entries hide or show a
// series, zoom by dragging across a chart (Reset zoom returns to the whole run), and export of
// the series as CSV or of each chart as PNG. The x axis spans the whole planned run, so the
// curves move across it as the job trains.
import Download from '@mui/icons-material/Download';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { createCrosshair, MetricChart, useCrosshair, type MetricSeries } from '../../../components/MetricChart';
import { toCsv } from '../../../lib/csv';
import { saveFile } from '../../../lib/save-file';
import { formatCount } from '../training-format';
import { SERIES_CSV_HEADER, seriesCsvRows, type JobSeries, type SeriesKey } from './job-series';
import { nearestPoint, formatLoss, formatRate, formatThroughput } from './job-format';

/** Axis labels: three significant digits are enough to read a curve. */
const axisNumber = (v: number) => String(Number(v.toPrecision(3)));
const stepAxis = { kind: 'number' as const, format: (v: number) => formatCount(v) };

interface ChartDef {
  id: string;
  title: string;
  keys: SeriesKey[];
  formatY(v: number): string;
  beginAtZero: boolean;
}

const LABELS: Record<SeriesKey, string> = {
  loss: 'Training loss',
  validationLoss: 'Validation loss',
  learningRate: 'Learning rate',
  throughput: 'Throughput',
  memoryGb: 'Memory',
};

function downloadPng(container: HTMLElement | null, filename: string): void {
  const canvas = container?.querySelector('canvas');
  if (!canvas) return;
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

export function JobCharts({
  jobId,
  series,
  version,
  totalSteps,
}: {
  jobId: string;
  series: JobSeries;
  version: number;
  totalSteps: number;
}) {
  const theme = useTheme();
  const crosshair = useMemo(() => createCrosshair(), []);
  const hover = useCrosshair(crosshair);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const dragFrom = useRef<number | null>(null);
  const boxes = useRef<Record<string, HTMLDivElement | null>>({});
  const colors: Record<SeriesKey, string> = {
    loss: theme.palette.primary.main,
    validationLoss: theme.palette.warning.main,
    learningRate: theme.palette.secondary.main,
    throughput: theme.palette.success.main,
    memoryGb: theme.palette.info.main,
  };
  const charts: ChartDef[] = [
    { id: 'loss', title: 'Loss', keys: ['loss', 'validationLoss'], formatY: axisNumber, beginAtZero: false },
    { id: 'lr', title: 'Learning rate', keys: ['learningRate'], formatY: formatRate, beginAtZero: true },
    {
      id: 'throughput',
      title: `Throughput (${series.throughputUnit})`,
      keys: ['throughput'],
      formatY: formatThroughput,
      beginAtZero: true,
    },
  ];
  const full: [number, number] = [0, Math.max(1, totalSteps, series.lastStep)];
  const [xMin, xMax] = zoom ?? full;
  const seriesOf = (def: ChartDef): MetricSeries[] =>
    def.keys.map((k) => ({ key: k, label: LABELS[k], color: colors[k], data: series.data[k], source: `${series.generation}:${k}` }));
  const at = hover ?? (series.lastStep >= 0 ? series.lastStep : null);
  const readout = at === null ? null : nearestPoint(series.rows, at);

  const toggle = (key: SeriesKey) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const onDown = (e: MouseEvent) => {
    if (e.button === 0) dragFrom.current = crosshair.get();
  };
  const onUp = () => {
    const from = dragFrom.current;
    const to = crosshair.get();
    dragFrom.current = null;
    if (from === null || to === null) return;
    const [a, b] = from < to ? [from, to] : [to, from];
    // A click is not a zoom: the range must cover at least 1 % of what is shown.
    if (b - a >= (xMax - xMin) / 100 && b - a >= 1) setZoom([Math.floor(a), Math.ceil(b)]);
  };

  return (
    <Stack spacing={1.5} data-testid="job-charts">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {(['loss', 'validationLoss'] as const).map((k) => (
          <Chip
            key={k}
            size="small"
            variant={hidden.has(k) ? 'outlined' : 'filled'}
            onClick={() => toggle(k)}
            aria-pressed={!hidden.has(k)}
            label={LABELS[k]}
            icon={
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: hidden.has(k) ? 'transparent' : colors[k],
                  border: `2px solid ${colors[k]}`,
                }}
              />
            }
            data-testid={`legend-${k}`}
          />
        ))}
        <Typography variant="caption" color="text.secondary" data-testid="job-readout" sx={{ ml: 1 }}>
          {readout
            ? `${hover === null ? 'Latest' : 'At'} step ${formatCount(readout.step)} · loss ${readout.loss === null ? '—' : formatLoss(readout.loss)}${
                readout.validationLoss !== null ? ` · val ${formatLoss(readout.validationLoss)}` : ''
              } · lr ${formatRate(readout.learningRate)} · ${formatThroughput(readout.throughput)} ${series.throughputUnit}`
            : 'No steps yet'}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {zoom && (
          <Button size="small" startIcon={<ZoomOutMap />} onClick={() => setZoom(null)} data-testid="reset-zoom">
            Reset zoom (steps {formatCount(zoom[0])}–{formatCount(zoom[1])})
          </Button>
        )}
        <Button
          size="small"
          startIcon={<Download />}
          disabled={series.rows.length === 0}
          onClick={() => saveFile(`${jobId}-metrics.csv`, toCsv(SERIES_CSV_HEADER, seriesCsvRows(series)), 'text/csv')}
          data-testid="export-csv"
        >
          CSV
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {charts.map((def) => (
          <Box
            key={def.id}
            ref={(el: HTMLDivElement | null) => {
              boxes.current[def.id] = el;
            }}
            onMouseDown={onDown}
            onMouseUp={onUp}
            sx={{ userSelect: 'none', minWidth: 0 }}
          >
            <MetricChart
              title={def.title}
              aside={
                <Button
                  size="small"
                  sx={{ minWidth: 0, py: 0 }}
                  onClick={() => downloadPng(boxes.current[def.id] ?? null, `${jobId}-${def.id}.png`)}
                  aria-label={`Export ${def.title} chart as PNG`}
                >
                  PNG
                </Button>
              }
              series={seriesOf(def)}
              xMin={xMin}
              xMax={xMax}
              hidden={hidden}
              version={version}
              spec={{ beginAtZero: def.beginAtZero, formatY: def.formatY, xAxis: stepAxis }}
              crosshair={crosshair}
              height={200}
              testId={`job-chart-${def.id}`}
              description={`${def.title} by step, ${series.data[def.keys[0]!].length} points up to step ${series.lastStep}`}
            />
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        Drag across a chart to zoom into those steps. Points stream in as the job trains.
      </Typography>
    </Stack>
  );
}
