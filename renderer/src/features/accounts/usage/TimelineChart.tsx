// The period's cost over time by hour, day or week: a bar per GPU type (stacked, as the
// timeline answers each entry's parts; storage and transfer too when asked for) and the entry's
// total as a line, which holds what the GPUs do not. Series toggle in the shared legend;
// crosshair, PNG and CSV as every chart.
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { DetailedUsageResponse } from '../../../../../shared/api/accounts/usage';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';
import { ChartFrame } from '../../../components/charts/ChartFrame';
import { ChartLegend, toggled } from '../../../components/charts/ChartLegend';
import type { HourlySeries } from '../../../components/HourlyChart';
import { formatMoney } from '../../../lib/money';
import { seriesColor } from '../../../lib/series-colours';
import type { Granularity } from './usage-store';

const HourlyChart = lazy(() => import('../../../components/HourlyChart').then((m) => ({ default: m.HourlyChart })));

const TITLE = 'Cost over time';
const NONE: ReadonlySet<string> = new Set();
const GRANULARITIES: ReadonlyArray<[Granularity, string]> = [
  ['hour', 'Hour'],
  ['day', 'Day'],
  ['week', 'Week'],
];

function bucketLabel(ms: number, granularity: Granularity, timeZone: string): string {
  const day = new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone });
  if (granularity !== 'hour') return granularity === 'week' ? `Week of ${day}` : day;
  return `${day} ${new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone })}`;
}

export function TimelineChart({
  detailed,
  granularity,
  onGranularity,
  note,
}: {
  detailed: DetailedUsageResponse;
  granularity: Granularity;
  onGranularity(g: Granularity): void;
  /** Said under the title (the timeline's period when it is shorter than the dashboard's). */
  note?: string;
}) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const { timeline, currency, timezone } = detailed;
  const money = useMemo(() => (v: number) => formatMoney(v, currency), [currency]);

  const parts = useMemo(() => {
    const gpuTypes = [...new Set(timeline.flatMap((e) => Object.keys(e.resources.gpu ?? {})))].sort();
    const list: Array<{ key: string; label: string; color: string; values: number[]; kind: 'bar' | 'line' }> = gpuTypes.map((g, i) => ({
      key: `gpu:${g}`,
      label: g,
      color: seriesColor(i),
      values: timeline.map((e) => e.resources.gpu?.[g]?.cost ?? 0),
      kind: 'bar',
    }));
    // Storage and transfer are drawn when the timeline holds them (only the GPUs are asked for).
    const storage = timeline.some((e) => e.resources.storage);
    const transfer = timeline.some((e) => e.resources.transfer);
    if (storage)
      list.push({
        key: 'storage',
        label: 'Storage',
        color: theme.palette.success.main,
        values: timeline.map((e) => e.resources.storage?.cost ?? 0),
        kind: 'bar',
      });
    if (transfer)
      list.push({
        key: 'transfer',
        label: 'Data transfer',
        color: theme.palette.warning.main,
        values: timeline.map((e) => e.resources.transfer?.cost ?? 0),
        kind: 'bar',
      });
    list.push({ key: 'total', label: 'Total', color: theme.palette.text.primary, values: timeline.map((e) => e.cost), kind: 'line' });
    return list;
  }, [timeline, theme]);

  const series = useMemo<HourlySeries[]>(
    () => parts.filter((p) => !hidden.has(p.key)).map((p) => ({ label: p.label, color: p.color, values: p.values, kind: p.kind })),
    [parts, hidden],
  );
  const labels = useMemo(
    () => timeline.map((e) => bucketLabel(Date.parse(e.date), granularity, timezone)),
    [timeline, granularity, timezone],
  );
  const hours = useMemo(() => timeline.map((e) => Date.parse(e.date)), [timeline]);

  return (
    <ChartFrame
      title={TITLE}
      hint={note ?? `One bar per ${granularity}, ${granularity === 'hour' ? 'hours' : 'days'} of ${timezone}`}
      testId="usage-timeline"
      controls={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={granularity}
          onChange={(_, g: Granularity | null) => g && onGranularity(g)}
          aria-label="Granularity"
        >
          {GRANULARITIES.map(([g, label]) => (
            <ToggleButton key={g} value={g} data-testid={`usage-granularity-${g}`}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
      empty={
        timeline.every((e) => e.cost === 0)
          ? { title: 'Nothing spent in this period', text: 'Costs appear here as clusters, endpoints and jobs run.' }
          : null
      }
      onExportPng={() => exportPng(TITLE, [box.current?.querySelector('canvas') ?? null], theme.palette.background.paper)}
      onExportCsv={() =>
        exportCsv(
          TITLE,
          [
            'start',
            'cost',
            'compute_hours',
            'executions',
            'data_transfer_gb',
            ...parts.filter((p) => p.kind === 'bar').map((p) => `${p.label} cost`),
          ],
          timeline.map((e, i) => [
            e.date,
            e.cost,
            e.computeHours,
            e.executions,
            e.dataTransfer,
            ...parts.filter((p) => p.kind === 'bar').map((p) => p.values[i]!),
          ]),
        )
      }
    >
      <div ref={box}>
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          <HourlyChart
            hours={hours}
            labels={labels}
            series={series}
            stacked
            legend={false}
            formatValue={money}
            ariaLabel={`Cost by ${granularity}, stacked by GPU type, storage and transfer`}
          />
        </Suspense>
      </div>
      <ChartLegend
        inline
        label="Cost parts"
        entries={parts.map((p) => ({ key: p.key, label: p.label, color: p.color }))}
        hidden={hidden}
        onToggle={(k) => setHidden((h) => toggled(h, k))}
        onSetHidden={setHidden}
      />
    </ChartFrame>
  );
}
