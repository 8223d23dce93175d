// Requests over the period by status class: stacked bars per hour or day, each class toggled in
// the shared legend, PNG and CSV as every chart (ChartFrame).
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { ApiUsageResponse } from '../../../../../shared/api/accounts/api-usage';
import { exportCsv, exportPng } from '../../../components/charts/chart-export';
import { ChartFrame } from '../../../components/charts/ChartFrame';
import { ChartLegend, toggled } from '../../../components/charts/ChartLegend';
import type { HourlySeries } from '../../../components/HourlyChart';
import { STATUS_CLASSES, timelineRows } from './api-usage-format';

const HourlyChart = lazy(() => import('../../../components/HourlyChart').then((m) => ({ default: m.HourlyChart })));

const NONE: ReadonlySet<string> = new Set();
const TITLE = 'Requests by status class';

export function RequestsChart({ data }: { data: ApiUsageResponse }) {
  const theme = useTheme();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  const box = useRef<HTMLDivElement>(null);
  const colors = useMemo<Record<(typeof STATUS_CLASSES)[number], string>>(
    () => ({
      '2xx': theme.palette.success.main,
      '3xx': theme.palette.info.main,
      '4xx': theme.palette.warning.main,
      '5xx': theme.palette.error.main,
    }),
    [theme],
  );
  const hours = useMemo(() => data.timeline.map((p) => Date.parse(p.start)), [data]);
  const series = useMemo<HourlySeries[]>(
    () =>
      STATUS_CLASSES.filter((c) => !hidden.has(c)).map((c) => ({
        label: c,
        color: colors[c],
        values: data.timeline.map((p) => p.byStatus[c]),
      })),
    [data, hidden, colors],
  );
  const unit = data.granularity === 'hour' ? 'hour' : 'day';
  return (
    <ChartFrame
      title={TITLE}
      hint={`One bar per ${unit}, in local time`}
      testId="api-usage-chart"
      empty={
        data.totals.requests === 0
          ? { title: 'No requests in this period', text: 'Requests the API answers appear here within the hour.' }
          : null
      }
      onExportPng={() => exportPng(TITLE, [box.current?.querySelector('canvas') ?? null], theme.palette.background.paper)}
      onExportCsv={() => exportCsv(TITLE, ['start', 'requests', '2xx', '3xx', '4xx', '5xx'], timelineRows(data))}
    >
      <div ref={box}>
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          <HourlyChart hours={hours} series={series} stacked legend={false} ariaLabel={`Requests by ${unit}, stacked by status class`} />
        </Suspense>
      </div>
      <ChartLegend
        inline
        label="Status classes"
        entries={STATUS_CLASSES.map((c) => ({ key: c, label: c, color: colors[c] }))}
        hidden={hidden}
        onToggle={(key) => setHidden((h) => toggled(h, key))}
        onSetHidden={setHidden}
      />
    </ChartFrame>
  );
}
