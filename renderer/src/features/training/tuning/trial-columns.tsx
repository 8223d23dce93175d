// Columns of the trials table: number, status, one per searched parameter and per metric the
// trials report, then epochs, duration and cost (every one sortable).
import Typography from '@mui/material/Typography';
import type { Column } from '../../../components/DataTable';
import { formatMoney } from '../../../lib/money';
import { formatDuration, formatParam, formatValue } from './tuning-format';
import { TuningStatusChip } from './TuningStatusChip';
import type { Trial } from './tuning-store';

/**
 * The trials table is dense (4 px side padding). A parameter's or metric's column: its upper-case
 * header (about 8.7 px a letter) wraps after its `_` or `.`, so the column is as wide as the
 * longest part of the name with its padding, or as a value (`min`): a dozen columns fit at
 * 1,440 px. Sorted by it, the arrow wraps it further.
 */
const headerWidth = (name: string, min: number) => {
  const longest = Math.max(...name.split(/(?<=[_./-])/).map((part) => part.length));
  return `minmax(${Math.max(min, Math.ceil(longest * 8.7 + 14))}px, 1fr)`;
};

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
      width: '44px',
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
      width: '108px',
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
      wrapHeader: true,
      width: headerWidth(p, 84),
      align: 'right',
      sortValue: (t) => sortParam(t.parameters[p]),
      render: (t) => formatParam(t.parameters[p]),
    })),
    ...metrics.map((m): Column<Trial> => ({
      id: `m:${m}`,
      header: m,
      wrapHeader: true,
      width: headerWidth(m, 76),
      align: 'right',
      sortValue: (t) => t.metrics[m] ?? Number.POSITIVE_INFINITY,
      render: (t) => (
        <Typography variant="body2" component="span" sx={{ fontWeight: m === objectiveMetric ? 600 : 400 }}>
          {formatValue(t.metrics[m])}
        </Typography>
      ),
    })),
    {
      id: 'epochs',
      header: 'Epochs',
      // The fixed columns hold their header with the sort arrow.
      width: '92px',
      align: 'right',
      sortValue: (t) => t.epochs,
      render: (t) => t.epochs,
    },
    {
      id: 'duration',
      header: 'Duration',
      width: '108px',
      align: 'right',
      sortValue: (t) => t.duration,
      render: (t) => formatDuration(t.duration),
    },
    { id: 'cost', header: 'Cost', width: '76px', align: 'right', sortValue: (t) => t.cost, render: (t) => formatMoney(t.cost) },
  ];
}
