// Column declarations of the experiments table (the shared DataTable).
import Typography from '@mui/material/Typography';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { TagChips } from '../../../components/TagChips';
import { formatMoney } from '../../../lib/money';
import { navigate } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { relativeTime } from '../../../platform/relative-time';
import { formatStat } from './compare/compare-logic';
import { experimentPath } from './experiment-route';
import { ExperimentStatusChip } from './ExperimentStatusChip';
import type { Experiment } from '../../../../../shared/api/training/experiments';
import type { ExperimentListItem } from './experiments-store';
import { TwoLineCell } from '../../../components/TwoLineCell';

function experimentColumns(): Column<ExperimentListItem>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(200px, 2fr)',
      sortValue: (e) => e.name.toLowerCase(),
      render: (e) => <TwoLineCell strong primary={e.name} secondary={e.description || e.id} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: '112px',
      sortValue: (e) => e.status,
      render: (e) => <ExperimentStatusChip status={e.status} testId="experiment-status" />,
    },
    {
      id: 'runs',
      header: 'Runs',
      width: '96px',
      align: 'right',
      sortValue: (e) => e.statistics.total_runs,
      render: (e) => (
        <Typography variant="body2" data-testid="experiment-runs" title="Completed of all runs">
          {e.statistics.completed_runs}/{e.statistics.total_runs}
        </Typography>
      ),
    },
    {
      id: 'best',
      header: 'Best val. loss',
      width: '120px',
      align: 'right',
      sortValue: (e) => e.statistics.best_metric ?? Number.POSITIVE_INFINITY,
      render: (e) => formatStat(e.statistics.best_metric),
    },
    {
      id: 'cost',
      header: 'Cost',
      width: '100px',
      align: 'right',
      sortValue: (e) => e.statistics.total_cost,
      render: (e) => formatMoney(e.statistics.total_cost),
    },
    { id: 'tags', header: 'Tags', width: 'minmax(120px, 1fr)', render: (e) => <TagChips values={e.tags} max={3} /> },
    {
      id: 'updated',
      header: 'Updated',
      width: CONTENT_WIDTH.relativeTime,
      sortValue: (e) => e.updatedAt,
      render: (e) => relativeTime(e.updatedAt),
    },
  ];
}

/** The experiments table's fixed part: ListPage's `table` adds the rows, sort and empty state. */
export const EXPERIMENT_TABLE = {
  label: 'Experiments',
  columns: experimentColumns(),
  rowKey: (e: ExperimentListItem) => e.id,
  rowHeight: 52,
  onRowActivate: (e: ExperimentListItem) => navigate(experimentPath(e.id)),
  rowTestId: (e: ExperimentListItem) => `experiment-row-${e.id}`,
};

/** After a create: say so and open the new experiment. */
export const openCreatedExperiment = (e: Experiment) => {
  notify('success', `Experiment “${e.name}” created`);
  navigate(experimentPath(e.id));
};
