// Columns of the trials table: number, status, one per searched parameter and per metric the
// trials report, then epochs, duration and cost (every one sortable).
import Typography from '@mui/material/Typography';
import type { Column } from '../../../components/DataTable';
import { formatMoney } from '../../../lib/money';
import { formatDuration, formatParam, formatValue } from './tuning-format';
import { TuningStatusChip } from './TuningStatusChip';
import type { Trial } from './tuning-store';

/** Wide enough for the name in the table's upper-case header (about 9 px a letter, the sort arrow and padding). */
const headerWidth = (name: string) => `minmax(${Math.max(88, name.length * 9 + 34)}px, 1fr)`;

const sortParam = (v: Trial['parameters'][string] | undefined): string | number =>
  v === undefined ? Number.NEGATIVE_INFINITY : typeof v === 'number' ? v : String(v);

export function trialColumns(
  params: readonly string[],
  metrics: readonly string[],
  objectiveMetric: string,
  bestId: string | null,
  paretoSet: readonly string[] | null,
): Column<Trial>[] {
  const pareto = paretoSet ? new Set(paretoSet) : null;
  return [
    {
      id: 'number',
      header: '#',
      width: '64px',
      align: 'right',
      sortValue: (t) => t.number,
      render: (t) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: t.id === bestId ? 700 : 400 }} title={t.id}>
          {t.id === bestId ? '★ ' : ''}
          {t.number}
        </Typography>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '118px',
      sortValue: (t) => t.status,
      render: (t) => (
        <span title={t.failure ? `${t.failure.reason}: ${t.failure.message}` : undefined}>
          <TuningStatusChip status={t.status} />
        </span>
      ),
    },
    ...(pareto
      ? [
          {
            id: 'pareto',
            header: 'Pareto',
            width: '80px',
            align: 'center',
            sortValue: (t) => (pareto.has(t.id) ? 0 : 1),
            render: (t) => (pareto.has(t.id) ? <span title="No other completed trial beats it on every objective">◆</span> : ''),
          } satisfies Column<Trial>,
        ]
      : []),
    ...params.map((p): Column<Trial> => ({
      id: `p:${p}`,
      header: p,
      width: headerWidth(p),
      align: 'right',
      sortValue: (t) => sortParam(t.parameters[p]),
      render: (t) => formatParam(t.parameters[p]),
    })),
    ...metrics.map((m): Column<Trial> => ({
      id: `m:${m}`,
      header: m,
      width: headerWidth(m),
      align: 'right',
      sortValue: (t) => t.metrics[m] ?? Number.POSITIVE_INFINITY,
      render: (t) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: m === objectiveMetric ? 600 : 400 }}>
          {formatValue(t.metrics[m])}
        </Typography>
      ),
    })),
    { id: 'epochs', header: 'Epochs', width: '76px', align: 'right', sortValue: (t) => t.epochs, render: (t) => t.epochs },
    {
      id: 'duration',
      header: 'Duration',
      width: '96px',
      align: 'right',
      sortValue: (t) => t.duration,
      render: (t) => formatDuration(t.duration),
    },
    { id: 'cost', header: 'Cost', width: '88px', align: 'right', sortValue: (t) => t.cost, render: (t) => formatMoney(t.cost) },
  ];
}
