// Column declarations of the training jobs table, and what the table is (its name, row keys, where a
// row leads); the table is the shared DataTable.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { formatMoney } from '../../../lib/money';
import { navigate } from '../../../platform/navigation/hash-router';
import { formatDate } from '../../../platform/relative-time';
import { TrainingStatusChip } from '../TrainingStatusChip';
import { formatCount } from '../training-format';
import { formatLoss, pendingStartText } from './job-format';
import type { JobListItem } from './jobs-store';
import { TwoLineCell } from '../../../components/TwoLineCell';

function jobColumns(): Column<JobListItem>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(200px, 2fr)',
      sortValue: (j) => j.name.toLowerCase(),
      render: (j) => <TwoLineCell strong primary={j.name} secondary={`${j.id} · ${j.modelType}`} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: '128px',
      sortValue: (j) => j.status,
      render: (j) => <TrainingStatusChip status={j.status} testId={`job-status-${j.id}`} />,
    },
    {
      id: 'progress',
      header: 'Progress',
      width: 'minmax(180px, 1.3fr)',
      sortValue: (j) => j.progress.percentage,
      render: (j) => (
        <Box sx={{ minWidth: 0, width: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LinearProgress
              variant="determinate"
              value={j.progress.percentage}
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
              aria-label={`${j.name} progress`}
            />
            <Typography variant="caption" sx={{ minWidth: 40, textAlign: 'right' }} data-testid={`job-percentage-${j.id}`}>
              {j.progress.percentage.toFixed(0)}%
            </Typography>
          </Box>
          {j.status === 'pending' && pendingStartText(j) !== null ? (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }} data-testid={`job-start-${j.id}`}>
              {pendingStartText(j)}
            </Typography>
          ) : (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
              epoch {j.progress.currentEpoch}/{j.progress.totalEpochs} · step {formatCount(j.progress.currentStep)}/
              {formatCount(j.progress.totalSteps)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'loss',
      header: 'Loss',
      width: '84px',
      align: 'right',
      sortValue: (j) => j.metrics.loss ?? Number.POSITIVE_INFINITY,
      render: (j) => (j.metrics.loss === null ? '—' : formatLoss(j.metrics.loss)),
    },
    {
      id: 'gpu',
      header: 'GPUs',
      width: '104px',
      sortValue: (j) => `${j.gpuType}${String(j.maxWorkers).padStart(3, '0')}`,
      render: (j) => `${j.maxWorkers} × ${j.gpuType.toUpperCase()}`,
    },
    {
      id: 'cost',
      header: 'Cost',
      width: '96px',
      align: 'right',
      sortValue: (j) => j.resourceUsage.cost,
      render: (j) => <span title={`Estimated total ${formatMoney(j.estimatedCost.total)}`}>{formatMoney(j.resourceUsage.cost)}</span>,
    },
    {
      id: 'created',
      header: 'Created',
      width: CONTENT_WIDTH.date,
      sortValue: (j) => Date.parse(j.createdAt),
      render: (j) => formatDate(j.createdAt),
    },
  ];
}

/** The training jobs table's fixed part: ListPage's `table` adds the rows, sort and empty state. */
export const JOB_TABLE = {
  label: 'Training jobs',
  columns: jobColumns(),
  rowKey: (j: JobListItem) => j.id,
  rowHeight: 56,
  onRowActivate: (j: JobListItem) => navigate(`/training/jobs/${encodeURIComponent(j.id)}`),
  rowTestId: (j: JobListItem) => `job-row-${j.id}`,
};
